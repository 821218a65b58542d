import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { inject } from 'vitest';
import { CONTENT_SHA256_HEADER } from '@shared/edge';
import { ROUTES, type RouteDef } from '@shared/routes';

/** Small HTTP helpers for API tests: real requests to the local gateway. */
export const apiUrl = () => inject('apiUrl');

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Each test file calls from a loopback address of its own (127.x.y.z), as separate clients do:
 * the sign-in guard counts failures per source address, and one shared 127.0.0.1 would let one
 * file's wrong passwords lock every later file out.
 */
const sourceAddress = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const dispatcher = new Agent({ localAddress: sourceAddress });

/** Paths of the streamed routes (the run route), below the API base. */
const STREAMED_PATHS = new Set((ROUTES as readonly RouteDef[]).filter((r) => r.streaming).map((r) => r.path));

export async function call<T = any>(
  method: string,
  path: string,
  options: { base?: string; token?: string; json?: unknown; form?: Record<string, string>; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
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
  // A streamed route's function URL takes only bodies whose SHA-256 was sent (shared/edge.ts), as the web client does.
  if (STREAMED_PATHS.has(path.split('?')[0]!) && headers[CONTENT_SHA256_HEADER] === undefined) {
    headers[CONTENT_SHA256_HEADER] = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
  }
  // The gateway listens on 127.0.0.1; `localhost` could resolve to ::1, which a 127.x source cannot reach.
  const url = (options.base ?? apiUrl()).replace('//localhost:', '//127.0.0.1:') + path;
  const res = (await undiciFetch(url, { method, headers, body, dispatcher })) as unknown as Response;
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

/**
 * Registers a fresh user through the API; returns its profile and a session token. The token is
 * the one POST /auth/login would answer, issued here by the product's own issueAccessToken with
 * the stack's key: a login's scrypt check costs about 0.4 s of CPU, paid by every test that needs
 * an account but is not about signing in. Tests of signing in pass `{ login: true }`.
 */
export async function signUp(overrides: Parameters<typeof newAccount>[0] = {}, { login = false } = {}) {
  const account = newAccount(overrides);
  const registered = await call('POST', '/auth/register', { json: account });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const id = registered.body.id as string;
  const token = login
    ? ((await call('POST', '/auth/login', { form: { username: account.email, password: account.password } })).body.access_token as string)
    : await sessionToken(id);
  return { ...account, id, token };
}

/** A session token of a user who has not ended their sessions (session version 0), as a login issues it. */
export async function sessionToken(userId: string): Promise<string> {
  // The worker signs with the shared stack's key (the functions' modules read it on first use).
  process.env.JWT_SECRET = inject('jwtSecret');
  const { issueAccessToken } = await import('../../functions/lib/http/tokens');
  return (await issueAccessToken(userId, 0)).token;
}

/** The admin account the test stack bootstraps. */
export const ADMIN = { email: 'admin@construct.test', password: 'admin-password-1' };

export async function adminToken(): Promise<string> {
  const login = await call('POST', '/auth/login', { form: { username: ADMIN.email, password: ADMIN.password } });
  return login.body.access_token;
}

/** Every row of a paged admin list (GET /admin/users, /admin/prompts), following the next-page cursor header. */
export async function adminListAll<T = any>(path: string, options: { base?: string; token: string; limit?: number }): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(options.limit ?? 200), ...(cursor ? { cursor } : {}) });
    const reply = await call<T[]>('GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { base: options.base, token: options.token });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    rows.push(...reply.body);
    cursor = reply.headers.get('x-next-cursor');
  } while (cursor);
  return rows;
}
