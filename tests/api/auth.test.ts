import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { verifyPassword } from '../../functions/lib/services/passwords';
import { call, newAccount, signUp } from '../support/api';
import { getItem, userItem } from '../support/db';
import { waitForMail } from '../support/mail';

const key = () => new TextEncoder().encode(inject('jwtSecret'));
const tokenFor = (sub: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(crypto.randomUUID())
    .setSubject(sub)
    .setIssuer('construct')
    .setAudience('construct-web')
    .setIssuedAt();

describe('POST /auth/register', () => {
  it('creates a free, non-admin account and never returns the password', async () => {
    const account = newAccount({ first_name: 'Ada', last_name: 'King Lovelace' });

    const reply = await call('POST', '/auth/register', { json: account });

    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      email: account.email,
      first_name: 'Ada',
      last_name: 'King Lovelace',
      is_admin: false,
      access_tier: 'free',
    });
    expect(JSON.stringify(reply.body)).not.toContain(account.password);
  });

  it('answers a taken email (any letter case) as a new one, makes no second account and mails the owner instead', async () => {
    const account = newAccount();
    const first = await call('POST', '/auth/register', { json: account });

    const again = await call('POST', '/auth/register', { json: { ...account, password: 'someone-elses-password', email: account.email.toUpperCase() } });

    expect(again.status).toBe(first.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body).toMatchObject({ email: account.email.toUpperCase(), first_name: account.first_name, is_admin: false, access_tier: 'free' });
    expect(again.body.id).not.toBe(first.body.id);
    const notice = await waitForMail(account.email, /already have a Construct account/);
    expect(notice.text).toMatch(/https?:\/\/\S+\/forgot-password/);
    // The account and its password are as they were.
    expect((await call('POST', '/auth/login', { form: { username: account.email, password: account.password } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { form: { username: account.email, password: 'someone-elses-password' } })).status).toBe(401);
  });

  it('creates exactly one account when 20 sign-ups of one email race', async () => {
    const account = newAccount();

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/auth/register', { json: { ...account, password: `password-${i}-long` } })),
    );

    // Every one is answered alike (201); exactly one password opens the one account.
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(201));
    const claim = await getItem({ pk: `EMAIL#${account.email.toLowerCase()}`, sk: 'EMAIL' });
    const { password_hash } = (await userItem(String(claim?.user_id)))!;
    const opens = await Promise.all(replies.map((_, i) => verifyPassword(`password-${i}-long`, String(password_hash))));
    expect(opens.filter(Boolean)).toHaveLength(1);
    const login = await call('POST', '/auth/login', { form: { username: account.email, password: `password-${opens.indexOf(true)}-long` } });
    expect(login.status).toBe(200);
  }, 180_000);

  it.each([
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters.'],
    ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a missing first name', { first_name: undefined }, 'first_name is required.'],
    ['a blank first name', { first_name: '   ' }, 'First name is required.'],
    ['a privileged field', { is_admin: true }, 'Unknown field: is_admin.'],
    ['a tier field', { access_tier: 'elite' }, 'Unknown field: access_tier.'],
    ['a password of the wrong type', { password: 12345678 }, 'password must be a string.'],
  ])('rejects %s with a 400 detail and creates nothing', async (_, change, detail) => {
    const account = { ...newAccount(), ...change };

    const reply = await call('POST', '/auth/register', { json: account });

    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
    if (typeof account.email === 'string' && account.email.includes('@')) {
      const login = await call('POST', '/auth/login', { form: { username: account.email, password: String(account.password) } });
      expect(login.status).toBe(401);
    }
  });
});

describe('POST /auth/login', () => {
  it('answers a bearer token for the right password, with any letter case of the email', async () => {
    const user = await signUp({}, { login: true });

    const reply = await call('POST', '/auth/login', { form: { username: user.email.toUpperCase(), password: user.password } });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: expect.any(Number) });
    const [header] = reply.body.access_token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'JWT' });
  });

  it('answers 401 with the same detail for a wrong password and for an unknown email', async () => {
    const user = await signUp({}, { login: true });

    const wrongPassword = await call('POST', '/auth/login', { form: { username: user.email, password: 'not-the-password' } });
    const unknownEmail = await call('POST', '/auth/login', { form: { username: 'nobody@example.com', password: 'whatever-123' } });

    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ detail: 'Incorrect email or password.' });
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('accepts only a form-encoded body', async () => {
    const user = await signUp({}, { login: true });

    const asJson = await call('POST', '/auth/login', { json: { username: user.email, password: user.password } });
    const empty = await call('POST', '/auth/login', { form: { username: '', password: '' } });

    expect(asJson.status).toBe(415);
    expect(asJson.body.detail).toBe('Content-Type must be application/x-www-form-urlencoded.');
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Email is required.');
  });

  it('signs in the bootstrap admin created by the local stack', async () => {
    const login = await call('POST', '/auth/login', { form: { username: 'admin@construct.test', password: 'admin-password-1' } });
    const me = await call('GET', '/auth/me', { token: login.body.access_token });

    expect(me.body).toMatchObject({ email: 'admin@construct.test', is_admin: true });
  });
});

describe('GET /auth/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const user = await signUp({ first_name: 'Grace', last_name: 'Hopper' }, { login: true });

    const reply = await call('GET', '/auth/me', { token: user.token });

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: user.id, email: user.email, first_name: 'Grace', last_name: 'Hopper', is_admin: false, access_tier: 'free' });
  });

  it('answers 401 without a token', async () => {
    const reply = await call('GET', '/auth/me');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ detail: 'Not authenticated.' });
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([
    [
      'a tampered payload',
      async (token: string) => {
        const [h, , s] = token.split('.');
        const payload = Buffer.from(JSON.stringify({ sub: 'someone-else', iss: 'construct', aud: 'construct-web', exp: 9999999999, iat: 1 })).toString(
          'base64url',
        );
        return `${h}.${payload}.${s}`;
      },
    ],
    [
      'alg none',
      async (_: string, sub: string) =>
        new UnsecuredJWT({}).setSubject(sub).setIssuer('construct').setAudience('construct-web').setIssuedAt().setExpirationTime('1h').encode(),
    ],
    [
      'an expired token',
      async (_: string, sub: string) =>
        tokenFor(sub)
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(key()),
    ],
    ['a token not valid yet', async (_: string, sub: string) => tokenFor(sub).setNotBefore('1h').setExpirationTime('2h').sign(key())],
    ['a wrong issuer', async (_: string, sub: string) => tokenFor(sub).setIssuer('someone').setExpirationTime('1h').sign(key())],
    ['a wrong audience', async (_: string, sub: string) => tokenFor(sub).setAudience('other-app').setExpirationTime('1h').sign(key())],
    [
      'a token signed with another key',
      async (_: string, sub: string) =>
        tokenFor(sub)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(64))),
    ],
    [
      'an HS512 token with the right key',
      async (_: string, sub: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(sub)
          .setIssuer('construct')
          .setAudience('construct-web')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(key()),
    ],
    ['garbage', async () => 'not.a.jwt'],
  ])('answers 401 for %s', async (_, forge) => {
    const user = await signUp({}, { login: true });

    const reply = await call('GET', '/auth/me', { token: await forge(user.token, user.id) });

    expect(reply.status).toBe(401);
    expect(reply.body.detail).toEqual(expect.any(String));
  });

  it('says the session expired for an expired token', async () => {
    const user = await signUp({}, { login: true });
    const expired = await tokenFor(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key());

    const reply = await call('GET', '/auth/me', { token: expired });

    expect(reply.body).toEqual({ detail: 'Your session has expired. Please log in again.' });
  });

  it('answers 401 for a valid token of an account that no longer exists', async () => {
    const token = await tokenFor('00000000-0000-0000-0000-000000000000').setExpirationTime('1h').sign(key());

    const reply = await call('GET', '/auth/me', { token });

    expect(reply.status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it("ends that token on the server, leaving the user's other sessions signed in", async () => {
    const user = await signUp({}, { login: true });
    const other = (await call('POST', '/auth/login', { form: { username: user.email, password: user.password } })).body.access_token;

    expect((await call('POST', '/auth/logout', { token: user.token })).status).toBe(204);

    const reply = await call('GET', '/auth/me', { token: user.token });
    expect(reply.status).toBe(401);
    expect(reply.body.detail).toBe('Your session has ended. Please log in again.');
    expect((await call('GET', '/auth/me', { token: other })).status).toBe(200);
    const fresh = (await call('POST', '/auth/login', { form: { username: user.email, password: user.password } })).body.access_token;
    expect((await call('GET', '/auth/me', { token: fresh })).status).toBe(200);
  });
});

describe('sign-in brute-force guard', () => {
  it('answers 429 after 10 failed attempts for one account, even with the right password, without touching other accounts', async () => {
    const user = await signUp({}, { login: true });
    const bystander = await signUp({}, { login: true });
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/auth/login', { form: { username: user.email, password: `wrong-${i}-password` } })).status).toBe(401);
    }

    const blocked = await call('POST', '/auth/login', { form: { username: user.email, password: user.password } });
    // A header the client sets does not change who is counted.
    const spoofed = await call('POST', '/auth/login', {
      form: { username: user.email, password: user.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });

    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe('Too many failed sign-in attempts. Please wait 30 seconds and try again, or reset your password.');
    expect(spoofed.status).toBe(429);
    expect((await call('POST', '/auth/login', { form: { username: bystander.email, password: bystander.password } })).status).toBe(200);
  }, 180_000);
});
