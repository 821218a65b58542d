import { describe, expect, it, vi } from 'vitest';
import { hashPassword, scryptLogN, verifyPassword } from '../../functions/lib/services/passwords';

// Each scrypt at OWASP cost takes ~100 MB and a few hundred ms; four in a row on a busy 2-core
// machine can pass vitest's 5 s default, which would say nothing about the code.
describe('password hashing', { timeout: 30_000 }, () => {
  it('uses scrypt at OWASP cost (N=2^17, r=8, p=1) with a random salt', async () => {
    // Whatever the test stack of this run was given.
    vi.stubEnv('TEST_SCRYPT_LOG_N', '');
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);

    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    vi.unstubAllEnvs();
  });

  it('lowers N only for the test stack: never in Lambda, never below 2^10 or above 2^17', () => {
    expect(scryptLogN({})).toBe(17);
    expect(scryptLogN({ TEST_SCRYPT_LOG_N: '12' })).toBe(12);
    expect(scryptLogN({ TEST_SCRYPT_LOG_N: '12', AWS_LAMBDA_FUNCTION_NAME: 'construct-login' })).toBe(17);
    for (const bad of ['9', '18', '12.5', 'fast']) expect(() => scryptLogN({ TEST_SCRYPT_LOG_N: bad })).toThrow(/TEST_SCRYPT_LOG_N/);
  });

  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('pässwörd-long');

    expect(await verifyPassword('pässwörd-long', hash)).toBe(true);
    expect(await verifyPassword('pässwörd-lonG', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });
});
