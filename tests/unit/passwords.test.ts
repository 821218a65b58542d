import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/services/passwords';

// Each scrypt at OWASP cost takes ~100 MB and a few hundred ms; four in a row on a busy 2-core
// machine can pass vitest's 5 s default, which would say nothing about the code.
describe('password hashing', { timeout: 30_000 }, () => {
  it('uses scrypt at OWASP cost (N=2^17, r=8, p=1) with a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);

    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
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
