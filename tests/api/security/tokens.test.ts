import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { adminToken, call, newAccount, signUp } from '../../support/api';

/**
 * Bearer tokens against RFC 8725 (JWT best current practices), beyond the cases in auth.test.ts
 * (alg none, algorithm swap, tampered payload, expired, not yet valid, issuer, audience, foreign
 * key): key references in the header, the type, missing claims, and tokens whose account changed
 * on the server since they were issued.
 */
const key = () => new TextEncoder().encode(inject('jwtSecret'));

/**
 * A token exactly like the ones the API issues, with one thing changed: header parameters added,
 * replaced or removed (undefined), claims replaced or removed. Signed by hand with the real key,
 * so even headers a JWT library refuses to produce can be sent.
 */
function forge(sub: string, edit: { header?: Record<string, unknown>; claims?: Record<string, unknown> } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const header = drop({ alg: 'HS256', typ: 'JWT', ...edit.header });
  const claims = drop({ sub, iss: 'construct', aud: 'construct-web', iat: now, nbf: now, exp: now + 3600, jti: randomUUID(), ...edit.claims });
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createHmac('sha256', Buffer.from(key())).update(input).digest('base64url')}`;
}

const me = (token: string) => call('GET', '/auth/me', { token });

describe('tokens (RFC 8725)', () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    user = await signUp({}, { login: true });
  });

  it('accepts a well-formed token made the way the API makes them (the forgeries below differ in one thing only)', async () => {
    expect((await me(forge(user.id))).status).toBe(200);
  });

  it.each([
    ['a foreign key id (kid)', { header: { kid: 'attacker-key-1' } }],
    ['an empty key id', { header: { kid: '' } }],
    ['a key URL (jku)', { header: { jku: 'https://attacker.example/jwks.json' } }],
    ['an embedded key (jwk)', { header: { jwk: { kty: 'oct', k: 'c2VjcmV0' } } }],
    ['a certificate URL (x5u)', { header: { x5u: 'https://attacker.example/cert.pem' } }],
    ['a wrong type (at+jwt)', { header: { typ: 'at+jwt' } }],
    ['a wrong type (JWE)', { header: { typ: 'JWE' } }],
    ['no type', { header: { typ: undefined } }],
    ['an unknown critical header', { header: { crit: ['exp-v2'], 'exp-v2': 1 } }],
    ['no expiry (exp)', { claims: { exp: undefined } }],
    ['no issue time (iat)', { claims: { iat: undefined } }],
    ['no subject (sub)', { claims: { sub: undefined } }],
    ['no token id (jti)', { claims: { jti: undefined } }],
    ['an expiry as a string', { claims: { exp: '9999999999' } }],
    ['an issuer list', { claims: { iss: ['construct', 'other'] } }],
  ])('refuses a token with %s (401, no detail about why)', async (_, edit) => {
    const token = forge(user.id, edit);

    const reply = await me(token);

    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    expect(['Invalid authentication token.', 'Your session has expired. Please log in again.']).toContain(reply.body.detail);
  });

  it('refuses a token it accepted a moment ago once that token expires (verified tokens are remembered, their expiry is not)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = forge(user.id, { claims: { exp: now + 2 } });
    expect((await me(token)).status).toBe(200);

    await new Promise((r) => setTimeout(r, (now + 2 - Date.now() / 1000) * 1000 + 100));
    const reply = await me(token);

    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ detail: 'Your session has expired. Please log in again.' });
  });

  it('refuses an accepted token whose payload was changed under the same signature', async () => {
    const token = forge(user.id);
    expect((await me(token)).status).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86_400 })).toString('base64url');

    const reply = await me(`${header}.${longer}.${signature}`);

    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ detail: 'Invalid authentication token.' });
  });

  it('takes the token only from the Authorization header, never from the query string or a cookie', async () => {
    const inQuery = await call('GET', `/auth/me?access_token=${user.token}`);
    const inCookie = await call('GET', '/auth/me', { headers: { cookie: `access_token=${user.token}; token=${user.token}` } });
    const wrongScheme = await call('GET', '/auth/me', { headers: { authorization: `Basic ${user.token}` } });

    expect([inQuery.status, inCookie.status, wrongScheme.status]).toEqual([401, 401, 401]);
  });

  it('refuses the token of an account deleted and re-registered with the same email', async () => {
    const admin = await adminToken();
    const user = await signUp({}, { login: true });
    expect((await call('DELETE', `/admin/users/${user.id}`, { token: admin })).status).toBe(204);
    const again = await call('POST', '/auth/register', { json: { first_name: 'Again', email: user.email, password: user.password } });
    expect(again.status).toBe(201);

    const reply = await me(user.token);

    expect(reply.status).toBe(401);
    expect(reply.body.detail).toBe('Your account no longer exists.');
  });

  it("ends a deleted user's access on every user route at the next request", async () => {
    const admin = await adminToken();
    const user = await signUp({}, { login: true });
    await call('DELETE', `/admin/users/${user.id}`, { token: admin });

    const userGets = ROUTES.filter((r) => r.access === 'user' && r.method === 'GET');
    const statuses = await Promise.all(userGets.map((r) => call('GET', r.path, { token: user.token }).then((reply) => `${r.path} ${reply.status}`)));

    expect(statuses).toEqual(userGets.map((r) => `${r.path} 401`));
  });

  it('ends admin access on the next request once an admin demotes the account, on every admin route', async () => {
    const admin = await adminToken();
    const account = newAccount();
    const created = await call('POST', '/admin/users', {
      token: admin,
      json: { email: account.email, password: account.password, is_admin: true, access_tier: 'pro' },
    });
    const token = (await call('POST', '/auth/login', { form: { username: account.email, password: account.password } })).body.access_token;
    expect((await call('GET', '/admin/users', { token })).status).toBe(200);

    expect((await call('PUT', `/admin/users/${created.body.id}`, { token: admin, json: { is_admin: false } })).status).toBe(200);

    const adminRoutes = ROUTES.filter((r) => r.access === 'admin');
    const replies = await Promise.all(
      adminRoutes.map((r) =>
        call(r.method, r.path.replace('{id}', 'x'), { token, json: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} }).then(
          (reply) => `${r.method} ${r.path} ${reply.status}`,
        ),
      ),
    );
    expect(replies).toEqual(adminRoutes.map((r) => `${r.method} ${r.path} 403`));
    // Still a signed-in user: only the admin part ended.
    expect((await me(token)).body).toMatchObject({ is_admin: false });
  });
});
