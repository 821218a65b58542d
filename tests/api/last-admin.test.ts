import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { call, newAccount } from '../support/api';
import { startOwnStack } from '../support/own-stack';

/**
 * The last-admin guard under a race needs a platform with exactly two admins, so this file runs
 * its own stack (in its own worker process) instead of the shared one other tests use.
 */
let stack: LocalStack;
let base: string;
type Credentials = { email: string; password: string };

beforeAll(async () => {
  stack = await startOwnStack({ admin: { email: 'first-admin@construct.test', password: 'first-admin-password' } });
  base = `${stack.url}/api/v1`;
}, 60_000);
afterAll(() => stack?.stop());

const login = async (who: Credentials) =>
  (await call('POST', '/auth/login', { base, form: { username: who.email, password: who.password } })).body.access_token as string;
const admins = async (token: string) => ((await call('GET', '/admin/users', { base, token })).body as any[]).filter((u) => u.is_admin);

/** The only admin, and a second admin it creates: two admins, both signed in. */
async function twoAdmins(only: Credentials) {
  const onlyToken = await login(only);
  const onlyId = (await call('GET', '/auth/me', { base, token: onlyToken })).body.id as string;
  const peer = newAccount();
  const peerId = (
    await call('POST', '/admin/users', { base, token: onlyToken, json: { email: peer.email, password: peer.password, is_admin: true, access_tier: 'free' } })
  ).body.id as string;
  expect(await admins(onlyToken)).toHaveLength(2);
  return { a: { creds: only, token: onlyToken, id: onlyId }, b: { creds: peer as Credentials, token: await login(peer), id: peerId } };
}

describe('the last admin', () => {
  let survivor: Credentials = { email: 'first-admin@construct.test', password: 'first-admin-password' };

  it('survives two admins demoting each other at the same moment', async () => {
    const { a, b } = await twoAdmins(survivor);

    const [ab, ba] = await Promise.all([
      call('PUT', `/admin/users/${b.id}`, { base, token: a.token, json: { is_admin: false } }),
      call('PUT', `/admin/users/${a.id}`, { base, token: b.token, json: { is_admin: false } }),
    ]);

    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
    survivor = ab.status === 200 ? a.creds : b.creds;
    expect(await admins(await login(survivor))).toHaveLength(1);
  });

  it('survives two admins deleting each other at the same moment', async () => {
    const { a, b } = await twoAdmins(survivor);

    const [ab, ba] = await Promise.all([
      call('DELETE', `/admin/users/${b.id}`, { base, token: a.token }),
      call('DELETE', `/admin/users/${a.id}`, { base, token: b.token }),
    ]);

    expect([ab.status, ba.status].filter((s) => s === 204)).toHaveLength(1);
    const remaining = ab.status === 204 ? a.creds : b.creds;
    expect(await admins(await login(remaining))).toHaveLength(1);
    survivor = remaining;
  });

  it("refuses to delete the last admin's own account (409), and deletes an admin who is not the last", async () => {
    const { a, b } = await twoAdmins(survivor);

    const peer = await call('DELETE', '/account', { base, token: b.token, json: { password: b.creds.password } });
    const last = await call('DELETE', '/account', { base, token: a.token, json: { password: a.creds.password } });

    expect(peer.status).toBe(204);
    expect(last.status).toBe(409);
    expect(last.body.detail).toBe('The platform needs at least one administrator.');
    expect(await admins(await login(a.creds))).toHaveLength(1);
  });
});
