import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { entryId, LibraryEntry } from '@shared/contract/library';
import { connectTable } from './table-connection';

/**
 * `npm run library:import -- file.json [--aws] [--curator email]`: loads library prompts.
 *
 * - Validates the whole file first; any invalid entry is reported with its position and nothing
 *   is written.
 * - Idempotent: entries are keyed by `id` (or a slug of the title), so a second import updates
 *   instead of duplicating.
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
    const id = entryId(result.data);
    if (ids.has(id)) problems.push({ position, message: `duplicate id "${id}" (also entry ${ids.get(id)})` });
    ids.set(id, position);
    entries.push(result.data);
  });
  return { entries, problems };
}

async function main() {
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
    const { created, updated } = await upsertEntries(entries, curator);
    console.log(`Imported ${entries.length} prompts from ${file}: ${created} new, ${updated} updated.`);
  } finally {
    await stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
