import { describe, expect, it } from 'vitest';
import { LoginForm, RegisterRequest } from '@shared/contract/auth';
import { BadRequestError } from '../../functions/lib/http/errors';
import { parseWith } from '../../functions/lib/http/validation';

const valid = { first_name: ' Ada ', last_name: ' Lovelace ', email: ' ada@example.com ', password: 'long-enough' };

function problem(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).toJSON();
  }
  throw new Error('expected a BadRequestError');
}

describe('contract validation', () => {
  it('trims names and emails and defaults last_name', () => {
    expect(parseWith(RegisterRequest, valid)).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'long-enough' });
    expect(parseWith(RegisterRequest, { ...valid, last_name: undefined }).last_name).toBe('');
  });

  it('uses the contract messages', () => {
    expect(problem(() => parseWith(RegisterRequest, { ...valid, email: 'a@b' })).detail).toBe('Please enter a valid email address.');
    expect(problem(() => parseWith(RegisterRequest, { ...valid, password: '1234567' })).detail).toBe('Password must be at least 8 characters.');
  });

  it('lists every field problem, unknown fields included', () => {
    const body = problem(() => parseWith(RegisterRequest, { email: 'x', role: 'admin' }));
    expect(body.errors).toEqual([
      { field: 'first_name', message: 'first_name is required.' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'password', message: 'password is required.' },
      { field: '', message: 'Unknown field: role.' },
    ]);
  });

  it('tolerates the extra OAuth2 fields of a login form', () => {
    expect(parseWith(LoginForm, { username: 'a@b.co', password: 'x', grant_type: 'password' })).toEqual({ username: 'a@b.co', password: 'x' });
  });

  it('bounds the password length so hashing work stays bounded', () => {
    expect(problem(() => parseWith(RegisterRequest, { ...valid, password: 'x'.repeat(129) })).detail).toBe('Password must be at most 128 characters.');
  });
});
