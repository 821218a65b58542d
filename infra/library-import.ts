import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { entryId, LibraryEntry } from '@shared/contract/library';
import { checkConfigSchemas } from '../functions/lib/services/json-schema';
import { connectTable } from './table-connection';
import { count, progress, runTool } from './tool';

/**
 * `npm run library:import -- file.json [--aws] [--curator email]`: loads library prompts.
 *
 * - Validates the whole file first; any invalid entry is reported with its position and nothing
 *   is written.
 * - Idempotent: entries are keyed by `id` (or a slug of the title), so a second import updates
 *   instead of duplicating, and writes only prompts not already stored as the file has them: after
 *   an import that failed part-way, running it again finishes the rest. Progress is shown as it goes.
 * - Locally the published snapshot is dropped first and rebuilt once at the end.
 * - Local by default (the `npm start` data in DATA_DIR, whether or not the app is running);
 *   `--aws` writes to the deployed table named by TABLE_NAME with the usual AWS credentials.
 */
export interface ValidationProblem {
  position: number;
  message: string;
}

export function validateLibraryFile(data: unknown): { entries: LibraryEntry[]; problems: ValidationProblem[] } {
  const list = Array.isArray(data) ? data : (data as { prompts?: unknown })?.prompts;
  if (!Array.isArray(list)) return { entries: [], problems: [{ position: 0, message: 'The file must hold a JSON array of prompts (or {"prompts": [...]}).' }] };
  const entries: LibraryEntry[] = [];
  const problems: ValidationProblem[] = [];
  const ids = new Map<string, number>();
  list.forEach((raw, index) => {
    const position = index + 1;
    const result = LibraryEntry.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.join('.') || 'entry';
        problems.push({ position, message: `${field}: ${issue.message === 'Invalid input' ? 'is missing or has the wrong type' : issue.message}` });
      }
      return;
    }
    const schemas = schemaProblemOf(result.data.config);
    if (schemas) {
      problems.push({ position, message: schemas });
      return;
    }
    const id = entryId(result.data);
    if (ids.has(id)) problems.push({ position, message: `duplicate id "${id}" (also entry ${ids.get(id)})` });
    ids.set(id, position);
    entries.push(result.data);
  });
  return { entries, problems };
}

/** Why an entry's model settings hold a schema that is not JSON Schema (the API's check), or null. */
function schemaProblemOf(config: LibraryEntry['config']): string | null {
  try {
    checkConfigSchemas(config);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

runTool(import.meta, 'Import failed', async () => {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--curator');
  const aws = args.includes('--aws');
  const curator = args.includes('--curator') ? args[args.indexOf('--curator') + 1]! : (process.env.ADMIN_EMAIL ?? 'admin@construct.local');
  if (!file) throw new Error('Usage: npm run library:import -- file.json [--aws] [--curator email]');

  const { entries, problems } = validateLibraryFile(JSON.parse(readFileSync(resolve(file), 'utf8')));
  if (problems.length) {
    console.error(`${file}: ${problems.length} problem(s); nothing was imported.`);
    for (const p of problems) console.error(`  entry ${p.position}: ${p.message}`);
    process.exit(1);
  }

  const stop = await connectTable(aws);
  // The deployed table's stream rebuilds the library snapshot after the import.
  if (aws) process.env.LIBRARY_BUILD = 'stream';
  try {
    const { upsertEntries } = await import('../functions/lib/use-cases/library-curation');
    // Locally the snapshot goes first: an import that stops part-way leaves none, so the next read builds one.
    if (!aws) await (await import('../functions/lib/services/library-snapshot/build')).dropLocalSnapshot();
    const shown = progress();
    let unchanged = 0;
    const { created, updated } = await upsertEntries(entries, curator, {
      onProgress: ({ phase, done, total, ...rest }) => {
        unchanged = rest.unchanged;
        shown.update(
          phase === 'reading' ? `Reading the library: ${count(done)} of ${count(total)} ids...` : `Writing: ${count(done)} of ${count(total)} items...`,
        );
        if (phase === 'writing' && done === total) {
          shown.done();
          if (!aws) console.log('Building the library snapshot...');
        }
      },
    });
    const skipped = unchanged ? ` (${count(unchanged)} already as in the file, not written again)` : '';
    console.log(`Imported ${count(entries.length)} prompts from ${file}: ${count(created)} new, ${count(updated)} updated${skipped}.`);
  } finally {
    await stop();
  }
});
