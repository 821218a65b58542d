import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStack } from '../../../infra/local/stack';
import { call, newAccount } from '../../support/api';
import { startOwnStack } from '../../support/own-stack';

/**
 * What the handlers print while they work must never contain a password, a token or a secret:
 * logs are read by more people, kept longer and shipped further than the data they describe.
 * A stack runs in this worker so every line its handlers print (console and raw stdout/stderr)
 * is captured during a register / login / bad-token / webhook / failure sequence.
 */
let stack: LocalStack;
let base: string;
const captured: string[] = [];
const restore: (() => void)[] = [];

function capture() {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      captured.push(args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? `${a.name} ${a.message} ${a.stack}` : JSON.stringify(a))).join(' '));
    });
    restore.push(() => spy.mockRestore());
  }
}

beforeAll(async () => {
  // Every request's line is under test here, so log at the level production uses.
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  capture();
  stack = await startOwnStack();
  base = `${stack.url}/api/v1`;
}, 60_000);

afterAll(async () => {
  for (const undo of restore) undo();
  await stack?.stop();
});

describe('logs', () => {
  it('contain no password, token, JWT secret or webhook secret after a full sign-in, webhook and failure sequence', async () => {
    const account = newAccount({ password: 'log-canary-password-7f3a' });
    const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET!;
    const jwtSecret = process.env.JWT_SECRET!;

    // Sign up and in, with right and wrong passwords, in every encoding a client might use.
    const registered = await call('POST', '/auth/register', { base, json: account });
    await call('POST', '/auth/register', { base, json: { ...account, email: 'not-an-email' } });
    await call('POST', '/auth/register', {
      base,
      body: `{"email":"${account.email}","password":"${account.password}",`,
      headers: { 'content-type': 'application/json' },
    });
    const login = await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } });
    await call('POST', '/auth/login', { base, form: { username: account.email, password: 'wrong-canary-password-91' } });
    await call('POST', '/auth/login', { base, json: { username: account.email, password: account.password } });
    const token = login.body.access_token as string;
    expect(token).toEqual(expect.any(String));

    // Good and bad tokens.
    await call('GET', '/auth/me', { base, token });
    await call('GET', '/auth/me', { base, token: `${token.slice(0, -4)}AAAA` });
    await call('GET', '/auth/me', { base, headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}` } });
    await call('POST', '/auth/logout', { base, token });
    await call('GET', '/auth/me', { base, token });

    // Webhooks, signed and not.
    const payload = JSON.stringify({
      id: 'evt_log_canary',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', mode: 'subscription', client_reference_id: registered.body.id, metadata: { plan: 'pro' } } },
    });
    const signature = new Stripe('sk_x').webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await call('POST', '/billing/webhook', { base, body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    await call('POST', '/billing/webhook', { base, body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' } });

    // An unexpected failure, which is logged on purpose (name, message, stack).
    const second = (await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } })).body.access_token as string;
    const { db } = await import('../../../functions/lib/data/db');
    const ddb = mockClient(db);
    (ddb.send as any).callThrough();
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('One or more parameter values were invalid'), { name: 'ValidationException' }));
    const failed = await call('POST', '/prompts/', { base, token: second, json: { title: 'Canary', body: 'canary body' } });
    ddb.restore();
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ detail: 'Internal server error.' });

    const logs = captured.join('\n');
    // The capture works: the unexpected error was logged.
    expect(logs).toContain('ValidationException');
    // One JSON line per request, refused ones included, naming the user only by a hash.
    const lines = logs.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line)] : []));
    const requests = lines.filter((l) => l.message === 'request' || l.message === 'request failed');
    expect(requests.find((l) => l.route === 'POST /auth/login' && l.status === 401)).toMatchObject({
      level: 'INFO',
      latency_ms: expect.any(Number),
      function_request_id: expect.any(String),
      cold_start: expect.any(Boolean),
    });
    expect(requests.find((l) => l.route === 'GET /auth/me' && l.status === 200)).toMatchObject({ user: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(requests.find((l) => l.route === 'POST /prompts/' && l.status === 500)).toMatchObject({ level: 'ERROR', error: 'ValidationException' });
    expect(logs).not.toContain(registered.body.id);
    expect(logs).not.toContain(account.email);
    for (const [what, secret] of [
      ['password', account.password],
      ['wrong password', 'wrong-canary-password-91'],
      ['access token', token],
      ['second access token', second],
      ['token signature', token.split('.')[2]!],
      ['JWT secret', jwtSecret],
      ['webhook secret', webhookSecret],
      ['webhook signature', signature.split('v1=')[1]!.slice(0, 32)],
    ] as const) {
      expect(logs.includes(secret), `${what} appears in the logs`).toBe(false);
    }
  });
});
