import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { type Construct, ConstructError, type Evaluation, type PushRequest } from '../../sdk/src/index';
import { FileProblem, fromPrompt, type PromptFile, parseFile, render } from './prompt-file';

/** What a command prints, and the exit code it asks for (non-zero: a CI step fails). */
export interface Out {
  log(line: string): void;
  error(line: string): void;
}

const fileName = (dir: string, slug: string) => join(dir, `${slug}.md`);

/** `construct pull`: every prompt of the key's workspace (at the label, when given) as a file in `dir`. */
export async function pull(client: Construct, out: Out, { dir, label }: { dir: string; label?: string }): Promise<number> {
  await mkdir(dir, { recursive: true });
  let written = 0;
  for (const summary of await client.prompts.list()) {
    if (label && summary.labels[label] === undefined) {
      out.log(`skipped ${summary.slug}: no '${label}' label`);
      continue;
    }
    const prompt = await client.prompts.get(summary.slug, label ? { label } : {});
    await writeFile(fileName(dir, prompt.slug), render(fromPrompt(prompt, label)));
    out.log(`pulled ${prompt.slug} at version ${prompt.version} → ${fileName(dir, prompt.slug)}`);
    written++;
  }
  out.log(`${written} prompt${written === 1 ? '' : 's'} in ${dir}`);
  return 0;
}

/** The files named, or every .md file in `dir`. */
async function filesOf(files: string[], dir: string): Promise<string[]> {
  if (files.length) return files;
  const names = await readdir(dir).catch(() => {
    throw new FileProblem(`${dir} does not exist: run construct pull first, or name the files.`);
  });
  return names
    .filter((n) => n.endsWith('.md'))
    .sort()
    .map((n) => join(dir, n));
}

const read = async (path: string) => parseFile(await readFile(path, 'utf8'), path);

const pushRequest = (file: PromptFile): PushRequest => ({
  base_version: file.version,
  title: file.title,
  kind: file.kind,
  ...(file.kind === 'chat' ? { messages: file.messages } : { body: file.body }),
  config: file.config,
});

/** `construct push`: a new version from each edited file; a file pulled before the latest version is refused, and the others still go. */
export async function push(client: Construct, out: Out, { files, dir }: { files: string[]; dir: string }): Promise<number> {
  let failed = 0;
  for (const path of await filesOf(files, dir)) {
    const file = await read(path);
    try {
      const saved = await client.prompts.push(file.slug, pushRequest(file));
      if (saved.version === file.version) {
        out.log(`unchanged ${file.slug} (version ${file.version})`);
        continue;
      }
      await writeFile(path, render(fromPrompt(saved, file.label)));
      out.log(`pushed ${file.slug}: version ${saved.version}`);
    } catch (error) {
      if (!(error instanceof ConstructError) || error.status === 0 || error.status === 401 || error.status === 403) throw error;
      out.error(`refused ${file.slug}: ${error.detail}`);
      failed++;
    }
  }
  return failed ? 1 : 0;
}

/** `construct diff`: each file's content against the server's latest version, as a unified diff (exit 1 with --exit-code when any differ). */
export async function diff(client: Construct, out: Out, { files, dir, exitCode }: { files: string[]; dir: string; exitCode?: boolean }): Promise<number> {
  let differ = 0;
  for (const path of await filesOf(files, dir)) {
    const local = await read(path);
    const server = fromPrompt(await client.prompts.get(local.slug));
    const before = render(server, { pulled: false });
    const after = render(local, { pulled: false });
    if (server.version !== local.version) out.log(`${local.slug}: the server is at version ${server.version}, your file at ${local.version}`);
    if (before === after) {
      out.log(`${local.slug}: no changes`);
      continue;
    }
    differ++;
    out.log(createTwoFilesPatch(`server/${local.slug}@${server.version}`, path, before, after, '', '', { context: 3 }).trimEnd());
  }
  return exitCode && differ ? 1 : 0;
}

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

/** `construct eval`: starts an evaluation, prints its progress, and exits 1 when it fails or its pass rate is under the gate. */
export async function evaluate(
  client: Construct,
  out: Out,
  slug: string,
  options: { version?: number; label?: string; minPassRate?: number; intervalMs: number; timeoutMs: number },
): Promise<number> {
  const started = await client.evaluations.start(slug, { version: options.version, label: options.label });
  const gate = options.minPassRate ?? started.gate?.min_pass_rate ?? 1;
  const why = options.minPassRate !== undefined ? '--min-pass-rate' : started.gate ? `the '${started.gate.label}' label's protection` : 'every check passes';
  out.log(`evaluating ${slug} version ${started.version} (${started.id}); gate ${percent(gate)} (${why})`);
  const deadline = Date.now() + options.timeoutMs;
  let evaluation: Evaluation;
  let shown = '';
  for (;;) {
    evaluation = await client.evaluations.get(slug, started.id);
    const line = `${evaluation.status} ${evaluation.progress.done}/${evaluation.progress.total}`;
    if (line !== shown) out.log(line);
    shown = line;
    if (!['queued', 'running'].includes(evaluation.status)) break;
    if (Date.now() > deadline) {
      out.error(`gave up waiting after ${Math.round(options.timeoutMs / 1000)} s; the evaluation ${started.id} goes on in Construct.`);
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
  const column = evaluation.columns[0]!;
  out.log(`pass rate ${percent(column.pass_rate)}: ${column.passed} passed, ${column.failed} failed${column.errors ? ` (${column.errors} errors)` : ''}`);
  if (evaluation.status !== 'done') {
    out.error(`the evaluation ${evaluation.status}${evaluation.detail ? `: ${evaluation.detail}` : ''}`);
    return 1;
  }
  if ((column.pass_rate ?? 0) < gate) {
    out.error(`failed: pass rate ${percent(column.pass_rate)} is below the gate ${percent(gate)}`);
    return 1;
  }
  out.log('passed');
  return 0;
}
