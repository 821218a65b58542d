import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoke } from '../../support/events';

/**
 * Storage that cannot be reached or never answers: the real handlers with the real SDK client,
 * pointed at a closed loopback port and at a loopback server that accepts and then stays silent.
 * Every route answers 503 with a detail within seconds (client time-outs), and /health says so.
 */
let frozen: Server;
const sockets: Socket[] = [];
let frozenPort = 0;
let closedPort = 0;

beforeAll(async () => {
  frozen = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((r) => frozen.listen(0, '127.0.0.1', r));
  frozenPort = (frozen.address() as { port: number }).port;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
  process.env.JWT_SECRET = 'storage-down-test-secret-0123456789abcdef';
  process.env.TABLE_NAME = 'construct';
  process.env.AWS_REGION = 'us-east-1';
});
afterAll(() => {
  for (const s of sockets) s.destroy();
  frozen.close();
});

/** The handlers and a valid token, with DynamoDB at `endpoint` (modules read it when loaded). */
async function withStorageAt(endpoint: string) {
  vi.resetModules();
  process.env.DYNAMODB_ENDPOINT = endpoint;
  const { issueAccessToken } = await import('../../../functions/lib/http/tokens');
  return {
    me: (await import('../../../functions/auth/me')).handler,
    health: (await import('../../../functions/system/health')).handler,
    token: (await issueAccessToken('00000000-0000-4000-8000-000000000000', 0)).token,
  };
}

describe.each([
  ['unreachable (connection refused)', () => `http://127.0.0.1:${closedPort}`],
  ['frozen (accepts, never answers)', () => `http://127.0.0.1:${frozenPort}`],
])('storage %s', (_, endpoint) => {
  it('answers 503 with a detail within seconds on a signed-in route and on /health', async () => {
    const { me, health, token } = await withStorageAt(endpoint());
    const started = Date.now();

    const [user, status] = await Promise.all([invoke(me, { method: 'GET', path: '/auth/me', token }), invoke(health, { method: 'GET', path: '/health' })]);

    expect(user.status).toBe(503);
    expect(user.body.detail).toMatch(/Please try again/);
    expect(status.status).toBe(503);
    expect(status.body.detail).toMatch(/Please try again/);
    // The SDK's 3 attempts with 1 s connect / 2.5 s answer limits: far below the 75 s seen without.
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
