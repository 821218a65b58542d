import { describe, expect, it } from 'vitest';
import { UpdateAccountRequest } from '@shared/contract/account';
import { EMAIL_MESSAGE } from '@shared/contract/common';
import { emailRule, newPasswordRule, samePassword, schemaRule } from '@/lib/form-rules';

// The web forms' field rules (web/src/lib/form-rules.ts): the contract's words, before sending.
const check = (rule: typeof emailRule, value: string, values: unknown = {}) => rule(value, values);

describe('form rules', () => {
  it('takes an email as the contract does: trimmed, the simple pattern, one line', () => {
    expect(check(emailRule, '  ada@example.com ')).toBe(true);
    for (const bad of ['', 'ada@example', 'ada example@x.io', 'ada@exa\u202emple.com']) expect(check(emailRule, bad)).toBe(EMAIL_MESSAGE);
    expect(check(emailRule, `${'a'.repeat(250)}@x.io`)).toBe('Email must be at most 254 characters.');
  });

  it("gives a contract schema's first message, or true", () => {
    const firstName = schemaRule(UpdateAccountRequest.shape.first_name);
    expect(check(firstName, '   ')).toBe('First name is required.');
    expect(check(firstName, 'Grace')).toBe(true);
  });

  it('bounds a new password and compares its confirmation', () => {
    expect(check(newPasswordRule, 'short')).toBe('Password must be at least 8 characters.');
    expect(check(newPasswordRule, 'x'.repeat(129))).toBe('Password must be at most 128 characters.');
    expect(check(newPasswordRule, 'long enough')).toBe(true);
    const confirm = samePassword<{ password: string }>('password');
    expect(confirm('a-password', { password: 'a-password' })).toBe(true);
    expect(confirm('a-passwork', { password: 'a-password' })).toBe('Passwords do not match.');
  });
});
