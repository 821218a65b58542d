import { resolve } from 'node:path';

/**
 * What the operator tools share (`npm run library:import`, `slugs:backfill`, `users:migrate`): run
 * `main` when the file is the command (not when a test imports it), report a failure in one line
 * with a non-zero exit, and show progress as it goes. Each tool can be run again after a failure:
 * it finds what is left and does only that.
 */
export function runTool(meta: ImportMeta, failure: string, main: () => Promise<void>): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== resolve(meta.filename)) return;
  main().catch((error) => {
    console.error(`${failure}: ${error instanceof Error ? error.message : error} (running it again continues where it stopped)`);
    process.exit(1);
  });
}

/**
 * A progress reporter: on a terminal one line rewritten in place, elsewhere (a log, CI) a line at
 * most every 5 seconds; `done()` ends with the last state on its own line.
 */
export function progress(write: (text: string) => void = (text) => process.stdout.write(text), tty = Boolean(process.stdout.isTTY)) {
  let last = '';
  let printed = '';
  let printedAt = 0;
  return {
    update(line: string) {
      last = line;
      if (tty) write(`\r${line}\x1b[K`);
      else if (Date.now() - printedAt >= 5_000) {
        printedAt = Date.now();
        printed = line;
        write(`${line}\n`);
      }
    },
    done() {
      if (tty && last) write('\n');
      else if (last && last !== printed) write(`${last}\n`);
      last = printed = '';
      printedAt = 0;
    },
  };
}

export const count = (n: number) => n.toLocaleString('en');
