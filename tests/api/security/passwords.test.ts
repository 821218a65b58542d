import { describe, expect, inject, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@shared/contract/common-passwords';
import { adminToken, call, newAccount } from '../../support/api';
import { userItem } from '../../support/db';

/**
 * Password policy at the API: 8 to at least 64 characters accepted (any characters, passphrases
 * welcome), the most common passwords refused with a clear detail, and hashes stored with scrypt
 * at OWASP's minimum (N=2^17, r=8, p=1) with a per-user salt.
 */
async function register(password: string) {
  const account = newAccount({ password });
  const reply = await call('POST', '/auth/register', { json: account });
  return { account, reply };
}
const login = (email: string, password: string) => call('POST', '/auth/login', { form: { username: email, password } });

describe('passwords', () => {
  it.each([
    ['8 characters', 'k9#Lm2$q'],
    ['64 characters', 'correct horse battery staple and then some more words to reach 64'.slice(0, 64)],
    ['64 non-ASCII characters', 'Пароль-密码-🔑'.repeat(6).slice(0, 64)],
  ])('accepts %s, and the account signs in with exactly that password', async (_, password) => {
    const { account, reply } = await register(password);

    expect(reply.status).toBe(201);
    expect((await login(account.email, password)).status).toBe(200);
    expect((await login(account.email, `${password}x`)).status).toBe(401);
  });

  it('refuses 7 characters', async () => {
    const { reply } = await register('Ab3$efg');
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe('Password must be at least 8 characters.');
  });

  it.each(['password', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'SUNSHINE1'])(
    'refuses the common password %s on registration and creates nothing',
    async (password) => {
      const { account, reply } = await register(password);

      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe(COMMON_PASSWORD_MESSAGE);
      expect(reply.body.errors).toEqual([{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]);
      expect((await login(account.email, password)).status).toBe(401);
    },
  );

  it('refuses a common password for an account an admin creates', async () => {
    const account = newAccount();
    const reply = await call('POST', '/admin/users', { token: await adminToken(), json: { email: account.email, password: 'baseball', access_tier: 'free' } });

    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(COMMON_PASSWORD_MESSAGE);
  });

  // At the cost the test stack is given (TEST_SCRYPT_LOG_N); tests/unit/passwords.test.ts holds OWASP's minimum everywhere else.
  it("stores scrypt hashes at the stack's cost with a salt of their own, never the password", async () => {
    const password = 'same-password-for-both';
    const a = await register(password);
    const b = await register(password);

    const [hashA, hashB] = [(await userItem(a.reply.body.id))!.password_hash as string, (await userItem(b.reply.body.id))!.password_hash as string];

    const [scheme, logN, r, p, salt, key] = hashA.split('$');
    expect({ scheme, logN: Number(logN), r: Number(r), p: Number(p) }).toEqual({ scheme: 'scrypt', logN: inject('scryptLogN'), r: 8, p: 1 });
    expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(key!, 'base64').length).toBeGreaterThanOrEqual(32);
    expect(hashA).not.toBe(hashB);
    expect(hashA).not.toContain(password);
  });
});
