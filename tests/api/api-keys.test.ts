import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '@shared/routes';
import { adminToken, call, signUp } from '../support/api';
import { getItem, seedTeam, setTier } from '../support/db';
import { linkToken, waitForMail } from '../support/mail';

describe('API keys', () => {
  it('creates a cst_ key shown once, lists it without the key, and revokes it', async () => {
    const user = await signUp();
    const made = await call('POST', '/api-keys', { token: user.token, json: { name: '  CI  ', password: user.password } });
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
    const blank = await call('POST', '/api-keys', { token: user.token, json: { name: '  ', password: user.password } });
    const long = await call('POST', '/api-keys', { token: user.token, json: { name: 'x'.repeat(61), password: user.password } });
    expect([blank.status, long.status]).toEqual([400, 400]);
    expect(blank.body.detail).toBe('Name is required.');
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toEqual([]);
  });

  it('keeps at most 20 keys even under concurrent creates', async () => {
    const user = await signUp();
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) => call('POST', '/api-keys', { token: user.token, json: { name: `k${i}`, password: user.password } })),
    );
    const made = replies.filter((r) => r.status === 201).length;
    // Transaction conflicts may refuse some with 409, and the sign-in guard a burst of password
    // checks with 429; never more than 20 pass.
    expect(made).toBeLessThanOrEqual(20);
    expect(
      replies.every((r) => [201, 403, 409, 429].includes(r.status)),
      JSON.stringify(replies.map((r) => [r.status, r.body])),
    ).toBe(true);
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toHaveLength(made);
    if (made === 20) expect(replies.find((r) => r.status === 403)?.body.detail).toMatch(/at most 20 API keys/);
    // 24 password checks and owner mails at once: minutes on a loaded 2-core machine.
  }, 180_000);

  it('never opens a session-only route: account, keys, prompts, billing or admin', async () => {
    const user = await signUp();
    const { key } = (await call('POST', '/api-keys', { token: user.token, json: { name: 'k', password: user.password } })).body;
    const sessionOnly = ROUTES.filter((r) => r.access === 'user' || r.access === 'admin');
    const keyRoutes = ROUTES.filter((r) => r.access === 'key_or_user');
    expect(keyRoutes.map(routeKey)).toEqual(expect.arrayContaining(['POST /mcp', 'PUT /prompts/{id}/labels/{label}', 'POST /registry/prompts/{slug}/compile']));
    for (const route of sessionOnly) {
      const reply = await call(route.method, route.path.replace(/\{\w+\}/g, 'x'), { token: key, json: route.method === 'GET' ? undefined : {} });
      expect(reply.status, routeKey(route)).toBe(403);
      expect(reply.body.detail).toMatch(/^API keys open only .+\. Sign in to use this one\.$/);
      // The refusal names every route a key does open (the registry, the label move, MCP).
      for (const keyRoute of keyRoutes) expect(reply.body.detail).toContain(routeKey(keyRoute));
    }
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toHaveLength(1);
  });
});

describe('API keys of a deleted account', () => {
  it('lose their lookup items with the account', async () => {
    const user = await signUp();
    const { id } = (await call('POST', '/api-keys', { token: user.token, json: { name: 'k', password: user.password } })).body;
    const { hash } = (await getItem({ pk: `USER#${user.id}`, sk: `APIKEY#${id}` }))!;
    expect((await call('DELETE', `/admin/users/${user.id}`, { token: await adminToken() })).status).toBe(204);
    expect(await getItem({ pk: `APIKEY#${hash}`, sk: 'KEY' })).toBeUndefined();
  });
});

/**
 * Account recovery ends what a key opened too: a password reset revokes every key; a password
 * change and 'Sign out everywhere' revoke them unless the request says `revoke_api_keys: false`.
 * A key made before is refused on the registry (personal and team workspaces, compile with
 * PROFILE values) and on MCP from the next request on.
 */
describe('API keys and account recovery', () => {
  async function withKey() {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const team = await seedTeam('Keys', 'pro', [{ id: user.id, role: 'owner' }]);
    await call('PUT', '/context/profile/role', { token: user.token, json: { value: 'analyst' } });
    const p = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Brief', body: 'For [PROFILE: role]' } })).body;
    const made = await call('POST', '/api-keys', { token: user.token, json: { name: 'ci', password: user.password } });
    expect(made.status).toBe(201);
    return { user, team, slug: p.slug as string, key: made.body.key as string };
  }
  /** What a key opens: the registry (personal, a team's, compile with PROFILE values) and MCP. */
  async function keyStatuses({ key, team, slug }: { key: string; team: string; slug: string }) {
    const mcp = await call('POST', '/mcp', {
      token: key,
      headers: { accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    return [
      (await call('GET', '/registry/prompts', { token: key })).status,
      (await call('GET', `/registry/prompts?workspace=${team}`, { token: key })).status,
      (await call('POST', `/registry/prompts/${slug}/compile`, { token: key, json: { variables: {} } })).status,
      mcp.status,
    ];
  }
  const signIn = async (email: string, password: string) =>
    (await call('POST', '/auth/login', { form: { username: email, password } })).body.access_token as string;

  it('sign out everywhere revokes every key unless asked to keep them', async () => {
    const first = await withKey();
    expect(await keyStatuses(first)).toEqual([200, 200, 200, 200]);
    expect((await call('POST', '/auth/logout-all', { token: first.user.token })).status).toBe(204);
    expect(await keyStatuses(first)).toEqual([401, 401, 401, 401]);
    const fresh = await signIn(first.user.email, first.user.password);
    expect((await call('GET', '/api-keys', { token: fresh })).body.keys).toEqual([]);

    const kept = await withKey();
    expect((await call('POST', '/auth/logout-all', { token: kept.user.token, json: { revoke_api_keys: false } })).status).toBe(204);
    expect(await keyStatuses(kept)).toEqual([200, 200, 200, 200]);
  });

  it('a password change revokes every key unless asked to keep them', async () => {
    const first = await withKey();
    const changed = await call('PUT', '/auth/password', {
      token: first.user.token,
      json: { current_password: first.user.password, new_password: 'changed-password-9' },
    });
    expect(changed.status).toBe(200);
    expect(await keyStatuses(first)).toEqual([401, 401, 401, 401]);
    expect((await call('GET', '/api-keys', { token: changed.body.access_token })).body.keys).toEqual([]);
    // The account can make keys again, within its limit (the revoked ones no longer count).
    expect((await call('POST', '/api-keys', { token: changed.body.access_token, json: { name: 'again', password: 'changed-password-9' } })).status).toBe(201);

    const kept = await withKey();
    const keeping = await call('PUT', '/auth/password', {
      token: kept.user.token,
      json: { current_password: kept.user.password, new_password: 'changed-password-9', revoke_api_keys: false },
    });
    expect(keeping.status).toBe(200);
    expect(await keyStatuses(kept)).toEqual([200, 200, 200, 200]);
  });

  it('a password reset always revokes every key', async () => {
    const { user, ...rest } = await withKey();
    expect((await call('POST', '/auth/password/forgot', { json: { email: user.email } })).status).toBe(202);
    const token = linkToken(await waitForMail(user.email, /Reset your Construct password/), '/reset-password');
    expect((await call('POST', '/auth/password/reset', { json: { token, password: 'a-reset-password-1' } })).status).toBe(204);
    expect(await keyStatuses({ ...rest })).toEqual([401, 401, 401, 401]);
    expect((await call('GET', '/api-keys', { token: await signIn(user.email, 'a-reset-password-1') })).body.keys).toEqual([]);
  });

  it('creating a key asks for the password and tells the owner by email', async () => {
    const user = await signUp();
    const missing = await call('POST', '/api-keys', { token: user.token, json: { name: 'ci' } });
    expect(missing.status).toBe(400);
    const wrong = await call('POST', '/api-keys', { token: user.token, json: { name: 'ci', password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your password is incorrect.');
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys).toEqual([]);

    const made = await call('POST', '/api-keys', { token: user.token, json: { name: 'Deploy bot', password: user.password } });
    expect(made.status).toBe(201);
    const mail = await waitForMail(user.email, /API key was created/);
    expect(mail.text).toContain('Deploy bot');
    expect(mail.text).toContain(made.body.prefix);
    expect(mail.text).toMatch(/https?:\/\/\S+\/api-keys/);
    expect(mail.text).not.toContain(made.body.key);
  });
});
