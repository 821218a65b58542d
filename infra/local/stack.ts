import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { type DynamoLocal, ensureTable, startDynamoLocal } from './dynamodb-local';
import { type GatewayOptions, createGateway } from './gateway';

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
  admin?: { email: string; password?: string };
  gateway?: GatewayOptions;
}

export interface LocalStack {
  url: string;
  dynamo: DynamoLocal;
  server: Server;
  admin?: AdminBootstrap;
  stop(): Promise<void>;
}

export interface AdminBootstrap {
  email: string;
  created: boolean;
  /** Only when this start created the account with a generated password: shown once. */
  generatedPassword?: string;
}

// The SDK warns that Node 20 support ends in 2027; Lambda runs nodejs22.x, so locally it is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** A 48-byte random HS256 key, generated once per data directory and kept there. */
function jwtSecretFor(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(48).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const tableName = options.tableName ?? 'construct';
  const dynamo = await startDynamoLocal({ dataDir: options.dataDir && join(options.dataDir, 'dynamodb') });
  try {
    // The handlers read their configuration when first imported, so set it before any of them loads.
    process.env.TABLE_NAME = tableName;
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env.AWS_REGION ??= 'us-east-1';
    process.env.JWT_SECRET = jwtSecretFor(options.dataDir);

    await ensureTable(dynamo.client, tableName);
    const admin = options.admin && (await ensureAdmin(options.admin.email, options.admin.password));

    const server = createGateway(options.gateway);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => resolve());
    });
    const { port } = server.address() as { port: number };
    return {
      url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
      dynamo,
      server,
      admin,
      async stop() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await dynamo.stop();
      },
    };
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
}

/** Creates the admin account unless its email is already registered. */
async function ensureAdmin(email: string, password?: string): Promise<AdminBootstrap> {
  const { createUser, findUserByEmail } = await import('../../functions/lib/users');
  const { hashPassword } = await import('../../functions/lib/passwords');
  if (await findUserByEmail(email)) return { email, created: false };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  await createUser({
    email,
    password_hash: await hashPassword(password ?? generatedPassword!),
    first_name: 'Admin',
    last_name: 'User',
    is_admin: true,
    access_tier: 'elite',
  });
  return { email, created: true, generatedPassword };
}
