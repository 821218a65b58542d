import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * `npm test`: the type check and the lint, then every vitest layer (unit, api, infra, e2e) in one run,
 * closing with one line `N passed, M failed` over all of them.
 */
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

console.log('▶ typecheck (tsc --noEmit)');
const typecheckFailed = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) !== 0;
console.log(typecheckFailed ? '✗ typecheck failed' : '✓ typecheck passed');

console.log('▶ lint and format (biome check)');
// Errors only in this log (lint errors and unformatted files); `npm run lint` shows the warnings too.
const lintFailed = run('npx', ['biome', 'check', '--diagnostic-level=error', '.']) !== 0;
console.log(lintFailed ? '✗ lint failed' : '✓ lint passed');

const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);

// The type check and the lint count as one test each.
let passed = Number(!typecheckFailed) + Number(!lintFailed);
let failed = Number(typecheckFailed) + Number(lintFailed);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A suite that failed to load counts as a failure even when no test inside it ran.
  if (vitestStatus !== 0 && results.numFailedTests === 0) failed += 1;
} else if (vitestStatus !== 0) {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vitestStatus !== 0 ? 1 : 0);
