import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: the type check, the lint and every vitest layer (unit, api, infra, e2e), closing
 * with one line `N passed, M failed` over all of them.
 *
 * The three start together: the type check and the lint are short bursts of CPU while vitest
 * starts its stack, builds the SPA and launches Chromium. Their output is printed when each ends;
 * vitest's goes to the terminal as it comes. Inside the vitest run, unit, api and infra files run
 * two at a time, then the e2e files one at a time (vitest.config.ts).
 */
interface Done {
  status: number;
  output: string;
}

/** Runs a command; its output goes to this terminal as it comes (`live`) or is kept for later. */
function run(cmd: string, args: string[], { live = false } = {}): Promise<Done> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

const checked = (name: string, failed: string) => (done: Done) => {
  console.log(`▶ ${name}\n${done.output.trimEnd()}\n${done.status === 0 ? `✓ ${name} passed` : `✗ ${failed}`}`);
  return done.status !== 0;
};
const typecheck = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']).then(checked('typecheck (tsc --noEmit)', 'typecheck failed'));
// A warning fails too (there are none): a rule that should not apply is turned off in biome.json, with why.
const lint = run('npx', ['biome', 'check', '--error-on-warnings', '.']).then(checked('lint and format (biome check)', 'lint failed'));

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], { live: true });

const [typecheckFailed, lintFailed, { status: vitestStatus }] = await Promise.all([typecheck, lint, vitest]);

// The type check and the lint count as one test each.
let passed = Number(!typecheckFailed) + Number(!lintFailed);
let failed = Number(typecheckFailed) + Number(lintFailed);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A suite that failed to load counts as a failure even when no test inside it ran.
  if (vitestStatus !== 0 && results.numFailedTests === 0) failed += 1;
} else if (vitestStatus !== 0) {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vitestStatus !== 0 ? 1 : 0);
