#!/usr/bin/env node
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { Construct, ConstructError } from '../../sdk/src/index';
import { diff, evaluate, type Out, pull, push } from './commands';
import { FileProblem } from './prompt-file';

/**
 * `construct`: the CLI of Construct's registry. The API key comes from CONSTRUCT_API_KEY, the site
 * from CONSTRUCT_URL, a team's workspace id from CONSTRUCT_WORKSPACE. Exit codes: 0 done, 1 a
 * refused push, a diff with --exit-code or a failed evaluation gate, 2 an error (no key, a bad URL,
 * a refused key, an unreadable file).
 */
const out: Out = { log: (line) => console.log(line), error: (line) => console.error(line) };

class Problem extends Error {}

function client(): Construct {
  const apiKey = process.env.CONSTRUCT_API_KEY;
  const baseUrl = process.env.CONSTRUCT_URL;
  if (!apiKey) throw new Problem('CONSTRUCT_API_KEY is not set: create an API key under API keys in Construct and export it.');
  if (!baseUrl) throw new Problem('CONSTRUCT_URL is not set: export your Construct site, e.g. https://construct.example.com.');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Problem(`CONSTRUCT_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Problem(`CONSTRUCT_URL must be an http(s) address: ${baseUrl}`);
  return new Construct({ apiKey, baseUrl, workspace: process.env.CONSTRUCT_WORKSPACE || undefined, cacheTtlMs: 0, timeoutMs: 30_000 });
}

const whole = (name: string) => (value: string) => {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError(`${name} is a whole number of 1 or more.`);
  return Number(value);
};
const rate = (value: string) => {
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) throw new InvalidArgumentError('a pass rate from 0 to 1, e.g. 0.9.');
  return n;
};

let exitCode = 0;
const run = (action: () => Promise<number>) => async () => {
  exitCode = await action();
};

const program = new Command('construct')
  .description(
    'Keep your Construct prompts as files in Git, and gate CI on their checks.\nEnvironment: CONSTRUCT_API_KEY, CONSTRUCT_URL, CONSTRUCT_WORKSPACE (a team id, optional).',
  )
  .version('0.1.0')
  // Options of construct itself come before the command, so `eval --version 3` is the command's.
  .enablePositionalOptions()
  .showHelpAfterError('(construct --help lists the commands)')
  .exitOverride();

program
  .command('pull')
  .description("Write each prompt of the key's workspace as a Markdown file with YAML front matter")
  .option('--label <label>', 'pull the version this label points to (prompts without it are skipped)')
  .option('--dir <dir>', 'where the files go', 'prompts')
  .action((options: { label?: string; dir: string }) => run(() => pull(client(), out, options))());

program
  .command('push')
  .description('Save a new version from each edited file (refused when the prompt has a newer version than the file was pulled at)')
  .argument('[files...]', 'prompt files (default: every .md file in --dir)')
  .option('--dir <dir>', 'where the files are', 'prompts')
  .action((files: string[], options: { dir: string }) => run(() => push(client(), out, { files, dir: options.dir }))());

program
  .command('diff')
  .description("Show how each file differs from the prompt's latest version on the server")
  .argument('[files...]', 'prompt files (default: every .md file in --dir)')
  .option('--dir <dir>', 'where the files are', 'prompts')
  .option('--exit-code', 'exit with 1 when any file differs')
  .action((files: string[], options: { dir: string; exitCode?: boolean }) => run(() => diff(client(), out, { files, ...options }))());

program
  .command('eval')
  .description("Evaluate a prompt on its examples and checks; exit 1 when its pass rate is under the gate (the label's protection, else every check)")
  .argument('<slug>', "the prompt's slug")
  .option('--version <n>', 'evaluate this version', whole('--version'))
  .option('--label <label>', 'evaluate the version this label points to')
  .option('--min-pass-rate <rate>', 'the gate, from 0 to 1 (default: the label protection, else 1)', rate)
  .option('--timeout <seconds>', 'stop waiting after this long', whole('--timeout'), 600)
  .action((slug: string, options: { version?: number; label?: string; minPassRate?: number; timeout: number }) => {
    if (options.version !== undefined && options.label !== undefined) throw new Problem('Give --version or --label, not both.');
    return run(() =>
      evaluate(client(), out, slug, { ...options, intervalMs: Number(process.env.CONSTRUCT_POLL_MS) || 1000, timeoutMs: options.timeout * 1000 }),
    )();
  });

/** What went wrong, said plainly: never a stack trace. */
function explain(error: unknown): string {
  if (error instanceof ConstructError) {
    if (error.status === 0) return `${error.detail} Check CONSTRUCT_URL (${process.env.CONSTRUCT_URL}).`;
    if (error.status === 401) return `The API key was refused: ${error.detail} Check CONSTRUCT_API_KEY.`;
    return `${error.status}: ${error.detail}`;
  }
  if (error instanceof Problem || error instanceof FileProblem) return error.message;
  return error instanceof Error ? error.message : String(error);
}

program.parseAsync().then(
  () => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
    else {
      console.error(`construct: ${explain(error)}`);
      process.exitCode = 2;
    }
  },
);
