import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { contractOf } from '@shared/contract/index';
import { CONTENT_SHA256_HEADER } from '@shared/edge';
import { ROUTES, type RouteDef, routeKey } from '@shared/routes';
import type { LocalStack } from '../../../infra/local/stack';
import { startOwnStack } from '../../support/own-stack';

/**
 * An HTTP fuzz over every route of the route table: wrong types, huge and unicode strings, extra
 * and prototype keys, missing and junk content types, junk path ids and query strings, with a
 * valid token for user routes and an admin token for admin routes. Nothing may answer 5xx, every
 * 4xx carries a detail, and a rejected request changes nothing: the table is scanned after each
 * one and compared with the scan before it.
 *
 * It runs on a stack of its own (with a small library) so that other test files writing to
 * the shared stack at the same time cannot disturb the before/after comparison.
 */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_707);

let stack: LocalStack;
let base: string;
let table: DynamoDBDocumentClient;
const tokens = { user: '', admin: '' };

const ADMIN = { email: 'fuzz-admin@construct.test', password: 'fuzz-admin-password-1' };
const USER = { first_name: 'Fuzz', last_name: 'User', email: 'fuzz-user@construct.test', password: 'fuzz-user-password-1' };

beforeAll(async () => {
  stack = await startOwnStack({ admin: ADMIN });
  // A small library of each tier, so library, fork and curation routes have something to find.
  const { upsertEntries } = await import('../../../functions/lib/use-cases/library-curation');
  await upsertEntries(
    (['free', 'pro', 'elite'] as const).map((tier) => ({
      id: `fuzz-${tier}`,
      title: `Fuzz ${tier}`,
      body: `A ${tier} prompt about [INPUT: topic].`,
      category: 'Fuzzing',
      tasks: ['Testing'],
      industries: ['Software'],
      access_tier: tier,
    })),
    ADMIN.email,
  );
  base = `${stack.url}/api/v1`;
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const login = async (username: string, password: string) => {
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
  await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(USER) });
  tokens.user = await login(USER.email, USER.password);
  tokens.admin = await login(ADMIN.email, ADMIN.password);
  // Something of each kind in the fuzz user's workspace, so a wrongly accepted write has something to hit.
  const seed = (path: string, json: unknown) =>
    fetch(`${base}${path}`, {
      method: path.includes('profile') ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.user}` },
      body: JSON.stringify(json),
    });
  await seed('/prompts/', { title: 'Keep me', body: 'Body [INPUT: x]' });
  await seed('/categories/', { name: 'Keep me' });
  await seed('/context/snippets', { snippet_name: 'Keep me', snippet_content: 'x' });
  await seed('/context/profile/keep', { value: 'me' });
}, 120_000);

afterAll(() => stack?.stop());

/** Every item except sign-in rate windows (counting rejected sign-ins is their job). */
/**
 * Items no refusal is judged by: rate windows (a refused request still counts), and what workers
 * write after an earlier request's answer (activity, usage counts and their roll-ups).
 */
const writtenInBackground = (item: Record<string, unknown>) =>
  item.type === 'activity' || ['RATE#', 'USAGE#', 'STATS#'].some((prefix) => String(item.pk).startsWith(prefix));

async function snapshot(): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey }));
    for (const item of page.Items ?? []) if (!writtenInBackground(item)) rows.set(`${item.pk}|${item.sk}`, JSON.stringify(item, Object.keys(item).sort()));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rows;
}

function difference(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k));
}

// ---- generators ---------------------------------------------------------------------------------

const HUGE = 'x'.repeat(60_000);
const strings = fc.oneof(
  fc.constantFrom('', ' ', 'a', 'free', 'pro', 'elite', 'clarify', 'Hello [INPUT: name]', 'someone@example.com', 'a-long-enough-passphrase-9'),
  fc.constantFrom(
    '🙂👩‍👩‍👧‍👦',
    'مرحبا بالعالم',
    '\u200b\u200d\u2060',
    '\ud800',
    '\u0000nul',
    'e\u0301',
    '<script>alert(1)</script>',
    "'; DROP TABLE x; --",
    '../../etc/passwd',
    '%s%n%x',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as this literal text
    '${7*7}',
    '{{7*7}}',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constant(HUGE),
);
const scalars = fc.oneof(strings, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-0));
const values: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalars },
  { weight: 1, arbitrary: fc.array(scalars, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'is_admin', '__proto__', 'prototype'), scalars, { maxKeys: 3 }) },
);
const SMUGGLED = [
  'access_tier',
  'is_admin',
  'user_id',
  'owner_email',
  'id',
  'pk',
  'password_hash',
  'prompts_used',
  'session_version',
  '__proto__',
  'constructor',
];

function fieldsOf(schema: z.ZodMiniType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as any)._zod.def;
  if (def.type === 'union') return [...new Set(def.options.flatMap((o: z.ZodMiniType) => fieldsOf(o)))] as string[];
  if (def.type === 'pipe') return fieldsOf(def.in);
  return Object.keys(def.shape ?? {});
}

/** A JSON body: the route's own fields (some, all or none) with any values, maybe smuggled keys. */
const objectBody = (fields: string[]) =>
  fc
    .tuple(
      fc.subarray(fields),
      fc.subarray(SMUGGLED, { maxLength: 2 }),
      fc.array(values, { minLength: fields.length + SMUGGLED.length, maxLength: fields.length + SMUGGLED.length }),
    )
    .map(([own, extra, vals]) => {
      // Only one huge value per body, so it stays under the 64 KB limit (that limit has its own test).
      let huge = false;
      const entries = [...own, ...extra].map((k, i) => {
        let v = vals[i];
        if (v === HUGE && huge) v = 'y';
        else if (v === HUGE) huge = true;
        return [k, v] as const;
      });
      // Raw JSON text: a "__proto__" key stays an own key, as it does in a real request.
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
    });

const rawBodies = fc.constantFrom(
  '',
  'null',
  '[]',
  '[1,2,3]',
  '"just a string"',
  '42',
  'true',
  '{',
  '{"a":}',
  '\ufeff{}',
  '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"is_admin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  'username=a%40b.co&password=x',
  'username=%E0%A4%A&password=%',
  '\u0000\u0001\u0002',
);

const contentTypes = fc.constantFrom<string | undefined>(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  undefined,
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/xml',
  'junk/../type',
  'APPLICATION/JSON',
  '*/*',
);

const PATH_IDS = [
  'does-not-exist',
  'fuzz-free',
  'fuzz-elite',
  '00000000-0000-0000-0000-000000000000',
  '%F0%9F%99%82',
  '%25',
  '%E0%A4%A',
  '%zz',
  '%00',
  'a%2Fb',
  '__proto__',
  'constructor',
  '%3Cscript%3E',
  "'%20OR%201=1",
  'x'.repeat(2000),
  '..%2F..%2Fetc',
  'USER%23someone',
  'PROFILE',
];

const QUERIES = [
  '',
  '?page=0',
  '?page=-1',
  '?page=99999999',
  '?page_size=1000',
  '?page=1&page_size=abc',
  `?search=${'x'.repeat(3000)}`,
  '?search=%F0%9F%99%82&tasks=%E0%A4%A',
  '?tasks=,,,&industries=%00',
  '?category=__proto__',
  '?__proto__[x]=1',
  '?page=1&page=2',
  '?search[]=a',
];

interface Case {
  path: string;
  query: string;
  contentType?: string;
  body?: string;
  auth: 'valid' | 'none' | 'garbage';
}

function caseArbitrary(route: RouteDef): fc.Arbitrary<Case> {
  const fields = fieldsOf(contractOf(routeKey(route))?.request);
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = withBody
    ? fc.oneof({ weight: 3, arbitrary: objectBody(fields) }, { weight: 1, arbitrary: rawBodies })
    : fc.option(rawBodies, { nil: undefined });
  return fc.record({
    path: route.path.includes('{') ? fc.constantFrom(...PATH_IDS).map((id) => route.path.replace(/\{[^}]+\}/, id)) : fc.constant(route.path),
    query: route.method === 'GET' ? fc.constantFrom(...QUERIES) : fc.constant(''),
    contentType: contentTypes,
    body,
    auth: fc.constantFrom<Case['auth']>('valid', 'valid', 'valid', 'valid', 'none', 'garbage'),
  });
}

/** node:http rather than fetch: a GET may carry a body and the path goes out exactly as written. */
function send(route: RouteDef, c: Case): Promise<{ status: number; json: any; text: string }> {
  const headers: Record<string, string> = {};
  if (c.contentType) headers['content-type'] = c.contentType;
  // Framed explicitly: Node sends a GET's or DELETE's body unframed otherwise.
  if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
  const token = route.access === 'admin' ? tokens.admin : route.access === 'user' ? tokens.user : '';
  if (c.auth === 'valid' && token) headers.authorization = `Bearer ${token}`;
  if (c.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
  // The run route's function URL takes only bodies whose SHA-256 was sent (shared/edge.ts): fuzz the handler, not that check.
  if (route.streaming)
    headers[CONTENT_SHA256_HEADER] = createHash('sha256')
      .update(c.body ?? '')
      .digest('hex');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: route.method, path: `${url.pathname}${c.path}${c.query}`, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        let json: any;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {}
        resolve({ status: res.statusCode ?? 0, json, text });
      });
    });
    req.on('error', reject);
    req.end(c.body);
  });
}

// Logout and sign out everywhere end the fuzz user's session: they go last.
const ENDS_SESSION = (r: RouteDef) => r.path === '/auth/logout' || r.path === '/auth/logout-all';
const ORDERED = [...(ROUTES as readonly RouteDef[])].sort((a, b) => Number(ENDS_SESSION(a)) - Number(ENDS_SESSION(b)));

describe('HTTP fuzz over the route table', () => {
  it(`never answers 5xx, and rejected requests change nothing (${CASES_PER_ROUTE} cases per route)`, async () => {
    const problems: string[] = [];
    const counts = { total: 0, rejected: 0 };
    let before = await snapshot();
    for (const [index, route] of ORDERED.entries()) {
      const cases = fc.sample(caseArbitrary(route), { numRuns: CASES_PER_ROUTE, seed: SEED + index });
      for (const c of cases) {
        const reply = await send(route, c);
        const after = await snapshot();
        const label = `${route.method} ${c.path.slice(0, 80)}${c.query.slice(0, 40)} [${c.contentType ?? 'no content-type'}, auth ${c.auth}] ${JSON.stringify((c.body ?? '').slice(0, 120))}`;
        counts.total++;
        if (reply.status >= 500) problems.push(`${label} → ${reply.status} ${reply.text.slice(0, 200)}`);
        if (reply.status >= 400 && reply.status < 500) {
          counts.rejected++;
          if (typeof reply.json?.detail !== 'string') problems.push(`${label} → ${reply.status} without a detail: ${reply.text.slice(0, 200)}`);
          const changed = difference(before, after);
          if (changed.length) problems.push(`${label} → ${reply.status} but changed ${changed.join(', ')}`);
        }
        before = after;
      }
    }
    expect(problems).toEqual([]);
    // The fuzz mostly sends what must be refused; a generator that stopped doing so would test little.
    expect(counts.rejected / counts.total).toBeGreaterThan(0.7);
    expect(counts.total).toBe(ROUTES.length * CASES_PER_ROUTE);
  }, 120_000);
});
