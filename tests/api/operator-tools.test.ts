import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';

/**
 * The operator tools (`npm run users:migrate`, `slugs:backfill`, `library:import`) as an operator
 * runs them, here against the test stack's DynamoDB Local in `--aws` mode.
 */
const run = promisify(execFile);
const tool = (script: string, args: string[] = []) => {
  // As an operator's shell has it: without the switch the local stack set in this process.
  const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _, ...env } = process.env;
  return run(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...env, TABLE_NAME: 'construct', DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), AWS_REGION: 'us-east-1' },
  });
};

describe('operator tools', () => {
  it('print no AWS SDK Node.js version warning (the SDK’s own switch, local tools only)', async () => {
    const { stdout, stderr } = await tool('infra/migrate-users-index.ts', ['--aws']);
    expect(stdout).toContain('no user to move');
    expect(stderr).not.toContain('NodeVersionSupportWarning');
  });
});
