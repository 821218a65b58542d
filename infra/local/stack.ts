import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { WORKERS, type WorkerDef } from '../../shared/workers';
import { LEGACY_USERS_INDEX } from '../table-schema';
import { connectDynamoLocal, type DynamoLocal, ensureTable, startDynamoLocal } from './dynamodb-local';
import { createGateway, type GatewayOptions } from './gateway';
import { localSecret } from './local-secret';
import { type LocalMail, startMailDev } from './mail';
import { LocalQueues } from './queue';
import type { StripeStandIn } from './stripe-stand-in';
import { CREDENTIALS_FILE, saveAdminCredentials } from './terminal';
import { useDataFolderSnapshot } from './tool-env';

/**
 * The whole product on one machine: DynamoDB Local, the table, the admin account, and the
 * gateway serving API + SPA. `npm start` and the test suites both start it through here.
 */
export interface LocalStackOptions {
  port: number;
  host?: string;
  /** Where data and the generated JWT key live; omit for a throwaway in-memory stack. */
  dataDir?: string;
  tableName?: string;
  /** A DynamoDB Local already running (a test file's own stack on the suite's, in a table of its own), which stop() leaves running. */
  dynamoEndpoint?: string;
  admin?: { email: string; password?: string };
  /** A library file (see infra/library-import.ts) loaded when the library is still empty. */
  seedLibrary?: string;
  gateway?: GatewayOptions;
  /** MailDev's ports (0 = any free port); every email the product sends goes to it over SMTP. */
  mail?: { webPort: number; smtpPort: number };
  /** The background workers to run on the local queue (default: the worker table, shared/workers.ts). */
  workers?: readonly WorkerDef[];
  /** Load the workers' handlers at start, in the background (`npm start`): the first change is told as fast as the next. */
  warmWorkers?: boolean;
}

export interface LocalStack {
  url: string;
  /** MailDev: its web inbox and REST API (GET /api/email). */
  mail: LocalMail;
  dynamo: DynamoLocal;
  /** The local background queue (infra/local/queue.ts): kept under `dataDir/queues`, in memory without one. */
  queues: LocalQueues;
  tableName: string;
  server: Server;
  admin?: AdminBootstrap;
  stop(): Promise<void>;
}

export interface AdminBootstrap {
  email: string;
  created: boolean;
  /** Only when this start created the account with a generated password: shown once. */
  generatedPassword?: string;
  /** Where the generated credentials were saved (0600, under dataDir), when there is one. */
  credentialsFile?: string;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const tableName = options.tableName ?? 'construct';
  const dynamo = options.dynamoEndpoint
    ? connectDynamoLocal(options.dynamoEndpoint)
    : await startDynamoLocal({ dataDir: options.dataDir && join(options.dataDir, 'dynamodb') });
  let mail: LocalMail | undefined;
  let queues: LocalQueues | undefined;
  let standIn: StripeStandIn | undefined;
  try {
    mail = await startMailDev(options.mail ?? { webPort: 0, smtpPort: 0 });
    // Email goes over SMTP to MailDev (functions/lib/services/mail.ts); SES is the deployed transport.
    process.env.SMTP_URL = `smtp://127.0.0.1:${mail.smtpPort}`;
    // The handlers read their configuration when first imported, so set it before any of them loads.
    process.env.TABLE_NAME = tableName;
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env.AWS_REGION ??= 'us-east-1';
    // URLs users give may be http and loopback on one machine (local model servers, test fakes).
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    process.env.JWT_SECRET = localSecret(options.dataDir, 'jwt-secret', process.env.JWT_SECRET);
    // The secret box's master key on one machine (functions/lib/services/secret-box.ts): 256 bits.
    process.env.SECRET_BOX_KEY = localSecret(options.dataDir, 'secret-box-key', process.env.SECRET_BOX_KEY, { bytes: 32 });
    // Without a real Stripe account the local test checkout signs events with this secret.
    if (!process.env.STRIPE_SECRET_KEY || !process.env.STRIPE_WEBHOOK_SECRET) {
      process.env.STRIPE_WEBHOOK_SECRET ??= localSecret(options.dataDir, 'stripe-webhook-secret', undefined, { prefix: 'whsec_' });
    }

    if (options.dataDir) useDataFolderSnapshot(options.dataDir);
    const table = await ensureTable(dynamo.client, tableName);
    await prepareLibrarySnapshot(Boolean(options.dataDir));
    // A data folder from before the users listing moved to its sharded index still has the old one.
    if (table.indexes.includes(LEGACY_USERS_INDEX.name)) await (await import('../../functions/lib/migrations/users-index')).migrateUsersIndex();
    const admin = options.admin && (await ensureAdmin(options.admin.email, options.admin.password, options.dataDir));
    if (options.seedLibrary) await seedLibrary(options.seedLibrary, options.admin?.email ?? 'admin@construct.local');
    // Workers run in this process, as the gateway's handlers do; enqueue finds them here.
    queues = new LocalQueues({
      workers: options.workers ?? WORKERS,
      dataDir: options.dataDir && join(options.dataDir, 'queues'),
      warm: options.warmWorkers,
    }).start();
    // Lets `npm run library:import` find this DynamoDB Local while the app runs.
    if (options.dataDir) writeFileSync(join(options.dataDir, 'dynamodb-endpoint'), dynamo.endpoint);

    let selfUrl = '';
    let url = '';
    const local = process.env.STRIPE_SECRET_KEY ? undefined : await localTestCheckout(() => selfUrl);
    standIn = local?.standIn;
    const localPages = local?.pages;
    const server = createGateway({ localPages, siteOrigin: () => process.env.SITE_URL || url, ...options.gateway });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => resolve());
    });
    const { port } = server.address() as { port: number };
    selfUrl = `http://127.0.0.1:${port}`;
    // One host for the banner, every link and the session: `localhost` (127.0.0.1 visitors are redirected to it).
    url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
    // Links in emails open this site (never one named by a request's headers), unless SITE_URL
    // was configured; a later stack in this process replaces the value an earlier one set.
    if (!process.env.SITE_URL || process.env.SITE_URL === process.env.LOCAL_STACK_SITE_URL) {
      process.env.SITE_URL = url;
      process.env.LOCAL_STACK_SITE_URL = url;
    }
    return {
      url,
      mail,
      dynamo,
      queues,
      tableName,
      server,
      admin,
      async stop() {
        if (options.dataDir) rmSync(join(options.dataDir, 'dynamodb-endpoint'), { force: true });
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        queues!.stop();
        await standIn?.stop();
        await mail!.stop();
        await dynamo.stop();
      },
    };
  } catch (error) {
    queues?.stop();
    await standIn?.stop();
    await mail?.stop();
    await dynamo.stop();
    throw error;
  }
}

/**
 * Creates the admin account unless its email is already registered. A generated password is
 * saved under dataDir before the account exists, so a start that fails later never loses it.
 */
async function ensureAdmin(email: string, password?: string, dataDir?: string): Promise<AdminBootstrap> {
  const { createUser, findUserByEmail } = await import('../../functions/lib/data/users');
  const { hashPassword } = await import('../../functions/lib/services/passwords');
  const saved = dataDir && join(dataDir, CREDENTIALS_FILE);
  const credentialsFile = saved && existsSync(saved) ? saved : undefined;
  if (await findUserByEmail(email)) return { email, created: false, credentialsFile };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const written = generatedPassword && dataDir ? saveAdminCredentials(dataDir, email, generatedPassword) : undefined;
  await createUser({
    email,
    password_hash: await hashPassword(password ?? generatedPassword!),
    first_name: 'Admin',
    last_name: 'User',
    is_admin: true,
    access_tier: 'elite',
  });
  return { email, created: true, generatedPassword, credentialsFile: written };
}

/**
 * Start-up reads nothing in proportion to the library. A data folder keeps its snapshot between
 * starts (every local library write publishes a new one; an import that stopped part-way drops
 * it, and the first library read builds one that is missing). An in-memory stack's folder is named
 * by its endpoint: one an earlier stack on the same port left is dropped. Library items of the
 * former one-partition layout are moved (one query, which usually finds none).
 */
async function prepareLibrarySnapshot(persistent: boolean): Promise<void> {
  const { localSnapshotDir } = await import('../../functions/lib/services/library-snapshot/store');
  if (!persistent && !process.env.LIBRARY_SNAPSHOT_DIR) rmSync(localSnapshotDir(), { recursive: true, force: true });
  const { migrateLegacyLibrary } = await import('../../functions/lib/migrations/legacy-library');
  // Items it moved are new to the snapshot: the library is built once, now.
  if (await migrateLegacyLibrary()) await (await import('../../functions/lib/services/library-snapshot/build')).rebuildSnapshot();
}

/** Loads the seed library on first start (while the library holds no prompt). */
async function seedLibrary(file: string, curator: string): Promise<void> {
  const { libraryIsEmpty } = await import('../../functions/lib/data/library');
  const { upsertEntries } = await import('../../functions/lib/use-cases/library-curation');
  if (!(await libraryIsEmpty())) return;
  const { validateLibraryFile } = await import('../library-import');
  const { entries, problems } = validateLibraryFile(JSON.parse(readFileSync(file, 'utf8')));
  if (problems.length) throw new Error(`The seed library ${file} is invalid: ${problems.map((p) => `entry ${p.position}: ${p.message}`).join('; ')}`);
  await upsertEntries(entries, curator);
}

/**
 * The test checkout pages, wired to the billing code's ticket check and Stripe's signing helper,
 * and the Stripe stand-in that answers the API calls the server makes without a key (the SDK is
 * pointed at it before its client is made, unless STRIPE_API_BASE names another server).
 */
async function localTestCheckout(selfUrl: () => string) {
  const { testCheckout } = await import('./test-checkout');
  const { startStripeStandIn } = await import('./stripe-stand-in');
  const { verifyLocalCheckout, stripe } = await import('../../functions/lib/use-cases/billing');
  const secret = process.env.STRIPE_WEBHOOK_SECRET!;
  const sign = async (payload: string) => (await stripe()).webhooks.generateTestHeaderString({ payload, secret });
  const standIn = await startStripeStandIn({ sign, selfUrl });
  // A later stack in this process replaces the stand-in an earlier one set (as SITE_URL below).
  if (!process.env.STRIPE_API_BASE || process.env.STRIPE_API_BASE === process.env.LOCAL_STRIPE_API_BASE) {
    process.env.STRIPE_API_BASE = standIn.url;
    process.env.LOCAL_STRIPE_API_BASE = standIn.url;
  }
  return { standIn, pages: testCheckout({ webhookSecret: secret, verify: (ticket) => verifyLocalCheckout(secret, ticket), sign, selfUrl }) };
}
