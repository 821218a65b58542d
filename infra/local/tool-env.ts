import { join } from 'node:path';

/**
 * How the local tools set up the functions' code, before any of it loads.
 *
 * The AWS SDK prints a warning on Node.js below 22 (its releases from 2027 will need 22). The local
 * tools run on Node 20 on purpose (README, Run it) and Lambda runs nodejs22.x, so they turn it off
 * with the SDK's own switch. The functions never do.
 */
export function quietSdkNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true';
}

/**
 * Operator tools and `npm start` move whole libraries (50,000 prompts) on a machine that may be
 * busy: a DynamoDB attempt may take 30 s instead of Lambda's 2.5 s, and 10 attempts with the SDK's
 * exponential backoff (up to 20 s apart) instead of 3. The test stacks keep Lambda's values, which
 * are what the 503 tests measure. A value already in the environment wins.
 */
export function patientStorage(): void {
  quietSdkNodeVersionWarning();
  process.env.DYNAMODB_REQUEST_TIMEOUT_MS ||= '30000';
  process.env.DYNAMODB_MAX_ATTEMPTS ||= '10';
}

/**
 * The library snapshot of a data folder lives in it: `npm start`, the tools working on the same
 * folder (with the app running or not) and later starts all read and publish the one snapshot,
 * so a start has nothing to rebuild (functions/lib/services/library-snapshot.ts reads this).
 */
export function useDataFolderSnapshot(dataDir: string): void {
  process.env.LIBRARY_SNAPSHOT_DIR = join(dataDir, 'library-snapshot');
}
