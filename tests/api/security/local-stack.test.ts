import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../../infra/local/gateway';

/**
 * The local gateway as `npm start` runs it: static files only from inside the built SPA (not from
 * a sibling folder whose name starts the same), malformed escapes answered as client errors, and a
 * too-large upload answered with its 413 on a connection that is not reset.
 */
let base: string;
let server: ReturnType<typeof createGateway>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-'));
  mkdirSync(join(dir, 'dist'));
  mkdirSync(join(dir, 'dist-x'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'dist-x', 'secret.txt'), 'not for the web');
  // Two of the prerendered pages (web/prerender.ts writes them all); /login's is missing here.
  mkdirSync(join(dir, 'dist', 'pages'));
  writeFileSync(join(dir, 'dist', 'pages', 'home.html'), '<!doctype html><title>home</title>');
  writeFileSync(join(dir, 'dist', 'pages', 'pricing.html'), '<!doctype html><title>pricing</title>');
  server = createGateway({
    webRoot: join(dir, 'dist'),
    loadHandler: async () => {
      throw new Error('no handler needed');
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A raw request (fetch would normalise the path). */
function raw(method: string, path: string, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('local gateway exposure', () => {
  it('never serves a file from a sibling folder through an encoded ../', async () => {
    for (const path of ['/..%2fdist-x%2fsecret.txt', '/%2e%2e%2fdist-x%2fsecret.txt', '/..%2f..%2fetc%2fhostname']) {
      const reply = await raw('GET', path);
      expect(reply.text, path).not.toContain('not for the web');
      expect([200, 404], path).toContain(reply.status);
    }
  });

  it('serves a public page its prerendered file, other app routes (and a page not built) the shell', async () => {
    expect((await raw('GET', '/')).text).toContain('<title>home</title>');
    expect((await raw('GET', '/pricing')).text).toContain('<title>pricing</title>');
    expect((await raw('GET', '/pricing/')).text).toContain('<title>pricing</title>');
    for (const path of ['/prompts', '/pricing/more', '/login', '/index.html']) {
      const reply = await raw('GET', path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).toContain('<title>app</title>');
    }
  });

  it('answers a malformed escape with a client error, not 500', async () => {
    expect((await raw('GET', '/%zz')).status).toBe(400);
    expect((await raw('GET', '/api/v1/prompts/%zz')).status).toBe(404);
  });

  it('delivers the 413 for an 11 MB body without resetting the connection', async () => {
    const reply = await raw('POST', '/api/v1/prompts/import', Buffer.alloc(11 * 1024 * 1024, 'a'));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({ detail: 'Request body is too large.' });
  });
});

describe('DynamoDB Local data', () => {
  it('keeps its folder and files readable by this account only', async () => {
    const { startDynamoLocal } = await import('../../../infra/local/dynamodb-local');
    const dataDir = join(mkdtempSync(join(tmpdir(), 'ddb-')), 'data');
    const dynamo = await startDynamoLocal({ dataDir });
    try {
      const { DynamoDBClient, ListTablesCommand } = await import('@aws-sdk/client-dynamodb');
      await new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }).send(
        new ListTablesCommand({}),
      );
      const { readdirSync, statSync } = await import('node:fs');
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dataDir);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(statSync(join(dataDir, f)).mode & 0o077, f).toBe(0);
    } finally {
      await dynamo.stop();
    }
  }, 60_000);
});
