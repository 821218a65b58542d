import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer.ts';

/** Browser tests (one shared Chromium, the stack's built SPA). */
const E2E = {
  globalSetup: ['tests/support/stack-global-setup.ts', 'tests/support/browser-global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // A browser step that misses its 10 s wait on a loaded 2-core machine gets one more try; a real
  // defect fails both.
  retry: 1,
  // expect.poll waits as long as a locator does: vitest's 1 s default is a page load under load.
  expect: { poll: { timeout: 10_000 } },
};

/**
 * e2e files that change what other files see of the shared library (admin: categories, tiers,
 * edits and deletes of any entry) or count what it lists (library: its totals and orders are
 * computed from the whole library). They run one at a time after the others. A file that writes
 * library entries of its own (unique ids, titles or a category of its own) and reads only those
 * runs in the parallel project.
 */
const SHARED_LIBRARY_E2E = [
  'admin',
  'library',
].map((name) => `tests/e2e/${name}.test.ts`);

/**
 * Every test layer, one runner: `npm test` runs them all (tests/run-all.ts adds the type check
 * and the closing "N passed, M failed" line). Layers:
 * unit (pure code) · api (real handlers through the local gateway on DynamoDB Local) ·
 * infra (the synthesised CDK stack) · e2e (the built SPA in Debian's Chromium via Playwright).
 */
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
    },
  },
  test: {
    // Handlers called inside a worker (fault tests) log nothing unless a test asks (see functions/lib/http/log.ts).
    env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT' },
    // An API file mostly waits for the stack (the gateway and DynamoDB Local are other processes):
    // on a 2-core machine two files at a time keep both cores busy (vitest would take one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      // Time-outs catch a hang, not slowness: two files at a time on a loaded 2-core machine take
      // several times their quiet duration (a unit test of 1 s took 5.5 s, an api test of 11 sign-ins 60 s).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/stack-global-setup.ts'],
          testTimeout: 120_000,
          // A set-up makes accounts (an scrypt each): 10 s is short on a 2-core machine running other work.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
      },
      // e2e: files that only make their own users and data run two at a time beside the api files;
      // files that change the shared library or count what it lists (SHARED_LIBRARY_E2E) run one at a
      // time after them, so none sees another's library change mid-test.
      { extends: true, test: { ...E2E, name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: SHARED_LIBRARY_E2E } },
      // Vitest runs a project without file parallelism after the others.
      { extends: true, test: { ...E2E, name: 'e2e-library', include: SHARED_LIBRARY_E2E, fileParallelism: false } },
    ],
  },
});
