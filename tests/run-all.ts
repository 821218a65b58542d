import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../infra/local/build-web';

/**
 * `npm test`: the type check and the lint, then every vitest layer, closing with one line
 * `N passed, M failed` over all of them.
 *
 * The layers run as two vitest runs side by side, each with a local stack of its own: the browser
 * layer (e2e), whose files run one at a time in one Chromium, and the others (unit, api, infra),
 * whose files run in parallel. Browser files keep about one core busy, API files mostly wait on
 * their stack, so on a 2-core machine the run takes about as long as the longer of the two rather
 * than their sum; with a stack each, no browser test sees another layer's writes. The SPA is built
 * once for both while the type check and the lint run. Each run writes its JSON report; they are
 * merged into test-results/vitest.json.
 */
interface Done {
  status: number;
  output: string;
}

/** Runs a command; its output goes to this terminal in whole lines (`live`) or is kept for later. */
function run(cmd: string, args: string[], { live = false, env = process.env } = {}): Promise<Done> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const pending = { stdout: '', stderr: '' };
    const forward = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      const text = pending[stream] + chunk.toString();
      output += chunk.toString();
      if (!live) return;
      // Two runs write at once: only whole lines (a file's block is one write), never half a line.
      const end = text.lastIndexOf('\n') + 1;
      process[stream].write(text.slice(0, end));
      pending[stream] = text.slice(end);
    };
    child.stdout.on('data', forward('stdout'));
    child.stderr.on('data', forward('stderr'));
    child.on('close', (code) => {
      if (live) for (const stream of ['stdout', 'stderr'] as const) process[stream].write(pending[stream]);
      resolve({ status: code ?? 1, output });
    });
  });
}

const checked = (name: string, failed: string) => (done: Done) => {
  console.log(`▶ ${name}\n${done.output.trimEnd()}\n${done.status === 0 ? `✓ ${name} passed` : `✗ ${failed}`}`);
  return done.status !== 0;
};
const typecheck = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']).then(checked('typecheck (tsc --noEmit)', 'typecheck failed'));
// Errors only in this log (lint errors and unformatted files); `npm run lint` shows the warnings too.
const lint = run('npx', ['biome', 'check', '--diagnostic-level=error', '.']).then(checked('lint and format (biome check)', 'lint failed'));

const webRoot = mkdtempSync(join(tmpdir(), 'construct-web-'));
const built = buildWeb(webRoot).then(
  () => true,
  (error: Error) => {
    console.error(`✗ the web app did not build: ${error.message}`);
    return false;
  },
);

const results = 'test-results';
mkdirSync(results, { recursive: true });
const extra = process.argv.slice(2);
const layers = [
  { name: 'e2e', projects: ['e2e'] },
  { name: 'rest', projects: ['unit', 'api', 'infra'] },
].map(({ name, projects }) => ({ report: join(results, `vitest-${name}.json`), projects }));
for (const { report } of layers) rmSync(report, { force: true });

const vitest = built.then((ok) =>
  ok
    ? Promise.all(
        layers.map(({ report, projects }) =>
          run(
            'npx',
            [
              'vitest',
              'run',
              ...projects.flatMap((p) => ['--project', p]),
              '--reporter=default',
              '--reporter=json',
              `--outputFile.json=${report}`,
              // Files named on the command line may all be in the other run.
              ...(extra.length ? ['--passWithNoTests'] : []),
              ...extra,
            ],
            { live: true, env: { ...process.env, CONSTRUCT_TEST_WEB_ROOT: webRoot } },
          ),
        ),
      )
    : [],
);

const [typecheckFailed, lintFailed, runs] = await Promise.all([typecheck, lint, vitest]);
rmSync(webRoot, { recursive: true, force: true });

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTestSuites: number;
  numPassedTestSuites: number;
  numFailedTestSuites: number;
  numPendingTestSuites: number;
  startTime: number;
  success: boolean;
  testResults: unknown[];
}
// The type check and the lint count as one test each.
let passed = Number(!typecheckFailed) + Number(!lintFailed);
let failed = Number(typecheckFailed) + Number(lintFailed);
if (!runs.length) failed += 1;
const merged: Report[] = [];
runs.forEach(({ status }, i) => {
  const { report } = layers[i]!;
  const result = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as Report) : undefined;
  if (result) {
    merged.push(result);
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    rmSync(report);
  }
  // A run that failed without a failed test (a suite that did not load, a set-up that threw) counts as one failure.
  if (status !== 0 && !result?.numFailedTests) failed += 1;
});
if (merged.length) {
  const sum = (key: keyof Report) => merged.reduce((n, r) => n + (r[key] as number), 0);
  const counts = ['numTotalTests', 'numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'] as const;
  const suites = ['numTotalTestSuites', 'numPassedTestSuites', 'numFailedTestSuites', 'numPendingTestSuites'] as const;
  writeFileSync(
    join(results, 'vitest.json'),
    JSON.stringify({
      ...merged[0],
      ...Object.fromEntries([...counts, ...suites].map((key) => [key, sum(key)])),
      startTime: Math.min(...merged.map((r) => r.startTime)),
      success: merged.every((r) => r.success) && merged.length === layers.length,
      testResults: merged.flatMap((r) => r.testResults),
    }),
  );
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
