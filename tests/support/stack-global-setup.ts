import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb, ROOT } from '../../infra/local/build-web';
import { type LocalStack, startLocalStack } from '../../infra/local/stack';

/**
 * One in-memory local stack (DynamoDB Local + gateway serving API and SPA, library seeded) for
 * the api and e2e layers. Handlers read their configuration from process-wide environment, so
 * two stacks in this process would share one database client: the stack is shared instead,
 * through globalThis (each project's setup module is loaded separately).
 */
const KEY = Symbol.for('construct.test-stack');
type Shared = { refs: number; stack: Promise<LocalStack>; webRoot: string; webBuilt?: Promise<void> };
const shared = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject) {
  // One JSON line per request would bury the test output; tests that read logs start their own stack.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
  // Sign-ups and sign-ins hash at N=2^12, not 2^17 (functions/lib/services/passwords.ts): the same
  // scrypt, 32 times cheaper. The unit and infra tests hold the production cost.
  process.env.TEST_SCRYPT_LOG_N ??= '12';
  // This run's own SPA build (a few seconds), so concurrent runs in one checkout never serve each other's.
  const webRoot = shared[KEY]?.webRoot ?? mkdtempSync(join(tmpdir(), 'construct-web-'));
  shared[KEY] ??= {
    refs: 0,
    webRoot,
    stack: startLocalStack({
      port: 0,
      admin: { email: 'admin@construct.test', password: 'admin-password-1' },
      gateway: { webRoot },
      seedLibrary: join(ROOT, 'infra/seed/library.json'),
    }),
  };
  const entry = shared[KEY]!;
  entry.refs++;
  entry.webBuilt ??= buildWeb(entry.webRoot);
  await entry.webBuilt;
  const stack = await entry.stack;
  project.provide('baseUrl', stack.url);
  project.provide('apiUrl', `${stack.url}/api/v1`);
  project.provide('dynamoEndpoint', stack.dynamo.endpoint);
  project.provide('scryptLogN', Number(process.env.TEST_SCRYPT_LOG_N));
  project.provide('webRoot', entry.webRoot);
  project.provide('jwtSecret', process.env.JWT_SECRET!);
  // MailDev on free ports: tests read what the product sent from its REST API (tests/support/mail.ts).
  project.provide('mailUrl', stack.mail.url);
  project.provide('stripeWebhookSecret', process.env.STRIPE_WEBHOOK_SECRET!);
  return async () => {
    if (--entry.refs === 0) {
      shared[KEY] = undefined;
      await stack.stop();
      rmSync(entry.webRoot, { recursive: true, force: true });
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    baseUrl: string;
    dynamoEndpoint: string;
    /** Where the gateway serves the SPA from (this run's build). */
    webRoot: string;
    jwtSecret: string;
    /** MailDev's web/REST address for this run. */
    mailUrl: string;
    stripeWebhookSecret: string;
    /** scrypt's log2(N) for this stack's password hashes (TEST_SCRYPT_LOG_N). */
    scryptLogN: number;
  }
}
