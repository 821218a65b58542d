import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords';

describe('password hashing', () => {
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
