import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '@shared/routes';
import { adminToken, call, signUp } from '../support/api';
import { getItem } from '../support/db';

describe('API keys', () => {
  it('creates a cst_ key shown once, lists it without the key, and revokes it', async () => {
    const user = await signUp();
    const made = await call('POST', '/api-keys', { token: user.token, json: { name: '  CI  ' } });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'CI',
      key: expect.stringMatching(/^cst_[A-Za-z0-9_-]{43}$/),
      prefix: made.body.key.slice(0, 10),
      created_at: expect.any(String),
    });

    const listed = await call('GET', '/api-keys', { token: user.token });
    expect(listed.body).toEqual({ keys: [{ id: made.body.id, name: 'CI', prefix: made.body.prefix, created_at: made.body.created_at, last_used_at: null }] });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);

    // Stored only as a hash: the key's text is nowhere in its items.
    const item = await getItem({ pk: `USER#${user.id}`, sk: `APIKEY#${made.body.id}` });
    expect(JSON.stringify(item)).not.toContain(made.body.key);
    expect(item?.hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await call('DELETE', `/api-keys/${made.body.id}`, { token: user.token })).status).toBe(204);
    expect((await call('GET', '/api-keys', { token: user.token })).body).toEqual({ keys: [] });
    expect(await getItem({ pk: `APIKEY#${item!.hash}`, sk: 'KEY' })).toBeUndefined();
    expect((await call('DELETE', `/api-keys/${made.body.id}`, { token: user.token })).body).toEqual({ detail: 'API key not found.' });
  });

  it('refuses a blank or long name and changes nothing', async () => {
    const user = await signUp();
    const blank = await call('POST', '/api-keys', { token: user.token, json: { name: '  ' } });
    const long = await call('POST', '/api-keys', { token: user.token, json: { name: 'x'.repeat(61) } });
    expect([blank.status, long.status]).toEqual([400, 400]);
    expect(blank.body.detail).toBe('Name is required.');
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toEqual([]);
  });

  it('keeps at most 20 keys even under concurrent creates', async () => {
    const user = await signUp();
    const replies = await Promise.all(Array.from({ length: 24 }, (_, i) => call('POST', '/api-keys', { token: user.token, json: { name: `k${i}` } })));
    const made = replies.filter((r) => r.status === 201).length;
    // Transaction conflicts may refuse some with 409; never more than 20 pass.
    expect(made).toBeLessThanOrEqual(20);
    expect(replies.every((r) => [201, 403, 409].includes(r.status))).toBe(true);
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toHaveLength(made);
    if (made === 20) expect(replies.find((r) => r.status === 403)?.body.detail).toMatch(/at most 20 API keys/);
  });

  it('never opens a session-only route: account, keys, prompts, billing or admin', async () => {
    const user = await signUp();
    const { key } = (await call('POST', '/api-keys', { token: user.token, json: { name: 'k' } })).body;
    const sessionOnly = ROUTES.filter((r) => r.access === 'user' || r.access === 'admin');
    for (const route of sessionOnly) {
      const reply = await call(route.method, route.path.replace(/\{\w+\}/g, 'x'), { token: key, json: route.method === 'GET' ? undefined : {} });
      expect(reply.status, routeKey(route)).toBe(403);
      expect(reply.body.detail).toBe('API keys open only the registry and MCP routes. Sign in to use this one.');
    }
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toHaveLength(1);
  });
});

describe('API keys of a deleted account', () => {
  it('lose their lookup items with the account', async () => {
    const user = await signUp();
    const { id } = (await call('POST', '/api-keys', { token: user.token, json: { name: 'k' } })).body;
    const { hash } = (await getItem({ pk: `USER#${user.id}`, sk: `APIKEY#${id}` }))!;
    expect((await call('DELETE', `/admin/users/${user.id}`, { token: await adminToken() })).status).toBe(204);
    expect(await getItem({ pk: `APIKEY#${hash}`, sk: 'KEY' })).toBeUndefined();
  });
});
