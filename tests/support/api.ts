import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** Small HTTP helpers for API tests: real requests to the local gateway. */
export const apiUrl = () => inject('apiUrl');

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(method: string, path: string, options: { base?: string; token?: string; json?: unknown; form?: Record<string, string>; body?: string; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch((options.base ?? apiUrl()) + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** A unique, valid registration payload. */
export function newAccount(overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {}) {
  return {
    first_name: 'Test',
    last_name: 'User',
    email: `user-${randomUUID()}@example.com`,
    password: 'correct-horse-battery',
    ...overrides,
  };
}

/** Registers and signs in a fresh user; returns its token and profile. */
export async function signUp(overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  const registered = await call('POST', '/auth/register', { json: account });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call('POST', '/auth/login', { form: { username: account.email, password: account.password } });
  return { ...account, id: registered.body.id as string, token: login.body.access_token as string };
}

/** The admin account the test stack bootstraps. */
export const ADMIN = { email: 'admin@construct.test', password: 'admin-password-1' };

export async function adminToken(): Promise<string> {
  const login = await call('POST', '/auth/login', { form: { username: ADMIN.email, password: ADMIN.password } });
  return login.body.access_token;
}
