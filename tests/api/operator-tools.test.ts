import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteTableCommand, DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';
import { ensureTable } from '../../infra/local/dynamodb-local';

/**
 * The operator tools (`npm run users:migrate`, `slugs:backfill`, `library:import`) as an operator
 * runs them: in `--aws` mode against a table of their own in the test stack's DynamoDB Local,
 * through a loopback proxy that can make DynamoDB slow or failing.
 */
const endpoint = inject('dynamoEndpoint');
const table = `tools-${randomUUID().slice(0, 8)}`;
const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const temp = mkdtempSync(join(tmpdir(), 'construct-tools-'));

/** What the proxy does to the next request: pass it on, hold it first, or answer 500. */
type Fault = (target: string, index: number) => { delayMs?: number; fail?: boolean };
let fault: Fault = () => ({});
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  await ensureTable(client, table);
  let index = 0;
  proxy = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const { delayMs = 0, fail = false } = fault(target, index++);
    const body: Buffer[] = [];
    req.on('data', (chunk) => body.push(chunk));
    req.on('end', () =>
      setTimeout(() => {
        if (res.destroyed) return; // the client gave up waiting
        if (fail) {
          res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
          return res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'injected' }));
        }
        const upstream = request(endpoint, { method: req.method, path: req.url, headers: req.headers }, (reply) => {
          res.writeHead(reply.statusCode ?? 500, reply.headers);
          reply.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(body));
      }, delayMs),
    );
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await client.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
  client.destroy();
  rmSync(temp, { recursive: true, force: true });
});

const run = promisify(execFile);
/** A tool as an operator's shell runs it: without settings this test process has (the SDK switch, the stack's). */
async function tool(script: string, args: string[], env: Record<string, string> = {}) {
  const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _, DYNAMODB_REQUEST_TIMEOUT_MS: __, DYNAMODB_MAX_ATTEMPTS: ___, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...inherited, TABLE_NAME: table, DYNAMODB_ENDPOINT: proxyUrl, AWS_REGION: 'us-east-1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A library file of `n` prompts in 3 categories, all named after `tag`. */
function libraryFile(tag: string, n: number): string {
  const file = join(temp, `${tag}.json`);
  const prompts = Array.from({ length: n }, (_, i) => ({
    id: `${tag}-prompt-${i}`,
    title: `${tag} prompt ${i}`,
    body: `Body of prompt ${i}`,
    category: `${tag} category ${i % 3}`,
    tasks: ['Testing'],
    industries: [],
    access_tier: 'free',
  }));
  writeFileSync(file, JSON.stringify(prompts));
  return file;
}

async function libraryItems(tag: string) {
  const items: Record<string, { S?: string }>[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, { S?: string }>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return {
    prompts: items.filter((i) => i.type?.S === 'library_prompt' && i.id?.S?.startsWith(`${tag}-`)),
    categories: items.filter((i) => i.type?.S === 'library_category' && i.name?.S?.startsWith(`${tag} `)),
  };
}

describe('operator tools', () => {
  it('print no AWS SDK Node.js version warning (the SDK’s own switch, local tools only)', async () => {
    fault = () => ({});
    const { code, stdout, stderr } = await tool('infra/migrate-users-index.ts', ['--aws']);
    expect(code).toBe(0);
    expect(stdout).toContain('no user to move');
    expect(stderr).not.toContain('NodeVersionSupportWarning');
  });

  it('wait out a DynamoDB slower than Lambda’s 2.5 s request time-out instead of failing', async () => {
    // The first three requests (every attempt Lambda's settings would make) take 3.5 s.
    fault = (_target, index) => (index < 3 ? { delayMs: 3_500 } : {});
    const { code, stdout, stderr } = await tool('infra/library-import.ts', [libraryFile('slow', 3), '--aws']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Imported 3 prompts');
  });

  it('show progress, and finish an import that failed part-way when run again, duplicating nothing', async () => {
    const file = libraryFile('resumed', 60);
    // The second batch write and every one after it fail: 25 items are written, then the import stops.
    let writes = 0;
    fault = (target) => ({ fail: target === 'BatchWriteItem' && ++writes > 1 });
    const failed = await tool('infra/library-import.ts', [file, '--aws'], { DYNAMODB_MAX_ATTEMPTS: '2' });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Import failed: .*running it again continues where it stopped/m);
    const partial = await libraryItems('resumed');
    expect([partial.categories.length, partial.prompts.length]).toEqual([3, 22]); // one batch of 25: the categories, then prompts

    fault = () => ({});
    const again = await tool('infra/library-import.ts', [file, '--aws']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Reading the library: [\d,]+ of [\d,]+ ids/);
    expect(again.stdout).toContain('Writing: 38 of 38 items');
    expect(again.stdout).toContain(`Imported 60 prompts from ${file}: 38 new, 22 updated (22 already as in the file, not written again).`);

    const { prompts, categories } = await libraryItems('resumed');
    expect(prompts).toHaveLength(60);
    expect(new Set(prompts.map((p) => p.id!.S)).size).toBe(60);
    expect(categories.map((c) => c.name!.S).sort()).toEqual(['resumed category 0', 'resumed category 1', 'resumed category 2']);

    // A third run finds everything in place and writes nothing.
    const third = await tool('infra/library-import.ts', [file, '--aws']);
    expect(third.stdout).toContain('Writing: 0 of 0 items');
    expect(third.stdout).toContain('0 new, 60 updated (60 already as in the file, not written again).');
  });
});
