import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractOf } from '@shared/contract/index';
import { ROUTES, type RouteKey, routeKey } from '@shared/routes';
import { adminToken, call, newAccount, signUp } from '../../support/api';
import { library, userItem } from '../../support/db';

/**
 * Mass assignment and data exposure. A body carrying a privileged or owning field (tier, admin
 * flag, owner ids, item ids, counters, `__proto__`) on any user write route is refused with 400 by
 * the strict schemas and changes nothing; and responses carry only allow-listed fields, never a
 * password hash, plan counter, Stripe id, token state or storage key.
 */
const { db, TABLE } = await import('../../../functions/lib/data/db');
const { QueryCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');

const partition = async (userId: string) =>
  (
    (await db.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }))).Items ??
    []
  ).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));

let user: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
const ids = { prompt: '', category: '', snippet: '', library: '', example: '' };

beforeAll(async () => {
  [user, other] = await Promise.all([signUp(), signUp()]);
  ids.prompt = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Mine', body: 'Body [INPUT: x]' } })).body.id;
  ids.example = (await call('POST', `/prompts/${ids.prompt}/examples`, { token: user.token, json: { inputs: { x: 'a' } } })).body.id;
  ids.category = (await call('POST', '/categories/', { token: user.token, json: { name: 'Mine' } })).body.id;
  ids.snippet = (await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'Mine', snippet_content: 'x' } })).body.id;
  await call('PUT', '/context/profile/role', { token: user.token, json: { value: 'Engineer' } });
  ids.library = `mass-${randomUUID().slice(0, 8)}`;
  await library.upsertEntries(
    [{ id: ids.library, title: 'Mass assignment fixture', body: 'Free body', category: null, tasks: [], industries: [], access_tier: 'free' }],
    'curator@construct.test',
  );
}, 60_000);

/** A valid request for each user write route with a body; the smuggled field is added to it. */
const WRITES: Partial<Record<RouteKey, () => { path: string; json: Record<string, unknown> }>> = {
  'POST /auth/register': () => ({ path: '/auth/register', json: newAccount() }),
  'POST /prompts/': () => ({ path: '/prompts/', json: { title: 'New', body: 'New body' } }),
  'PUT /prompts/{id}': () => ({ path: `/prompts/${ids.prompt}`, json: { title: 'Changed', body: 'Changed body' } }),
  'POST /prompts/fork/{id}': () => ({ path: `/prompts/fork/${ids.library}`, json: {} }),
  'PUT /library/prompts/{id}/rating': () => ({ path: `/library/prompts/${ids.library}/rating`, json: { stars: 4 } }),
  'POST /prompts/{id}/copy': () => ({ path: `/prompts/${ids.prompt}/copy`, json: { to: null } }),
  'POST /prompts/import': () => ({
    path: '/prompts/import',
    json: { document: { format: 'construct.prompts', version: 1, prompts: [{ title: 'Imported', body: 'Imported body' }] } },
  }),
  'POST /prompts/import/openai': () => ({ path: '/prompts/import/openai', json: { paste: 'You answer about {{city}}.' } }),
  'POST /categories/': () => ({ path: '/categories/', json: { name: 'Another' } }),
  'PUT /categories/{id}': () => ({ path: `/categories/${ids.category}`, json: { name: 'Renamed' } }),
  'POST /engine/enhance': () => ({ path: '/engine/enhance', json: { prompt_body: 'make it better', enhancement_type: 'clarify' } }),
  'POST /engine/run': () => ({ path: '/engine/run', json: { text: 'Say hello.' } }),
  'POST /billing/create-checkout-session': () => ({ path: '/billing/create-checkout-session', json: { plan: 'pro' } }),
  'PUT /context/directives': () => ({ path: '/context/directives', json: { global_prompt_prefix: 'p', global_prompt_suffix: 's' } }),
  'POST /context/snippets': () => ({ path: '/context/snippets', json: { snippet_name: 'Another', snippet_content: 'y' } }),
  'PUT /context/snippets/{id}': () => ({ path: `/context/snippets/${ids.snippet}`, json: { snippet_name: 'Mine', snippet_content: 'changed' } }),
  'PUT /context/profile/{key}': () => ({ path: '/context/profile/role', json: { value: 'Admin' } }),
  // Unless refused, this ends the session: every request here carries a smuggled field.
  'POST /auth/logout-all': () => ({ path: '/auth/logout-all', json: { revoke_api_keys: false } }),
  'PUT /auth/password': () => ({ path: '/auth/password', json: { current_password: user.password, new_password: 'a-different-password-1' } }),
  'PUT /account': () => ({ path: '/account', json: { first_name: 'Renamed' } }),
  'POST /account/email': () => ({ path: '/account/email', json: { new_email: newAccount().email, password: user.password } }),
  'DELETE /account': () => ({ path: '/account', json: { password: user.password } }),
  'POST /api-keys': () => ({ path: '/api-keys', json: { name: 'Another', password: user.password } }),
  'POST /connections': () => ({
    path: '/connections',
    json: { name: 'Mine', provider: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-mass-0123456789abcdef' },
  }),
  'POST /teams': () => ({ path: '/teams', json: { name: 'Team' } }),
  'PUT /teams/{id}': () => ({ path: '/teams/any', json: { name: 'Team' } }),
  'PUT /teams/{id}/members/{user_id}': () => ({ path: '/teams/any/members/any', json: { role: 'viewer' } }),
  'POST /teams/{id}/invites': () => ({ path: '/teams/any/invites', json: { email: 'someone@example.com', role: 'editor' } }),
  'POST /prompts/{id}/examples': () => ({ path: `/prompts/${ids.prompt}/examples`, json: { inputs: { x: 'b' } } }),
  'PUT /prompts/{id}/examples/{example_id}': () => ({ path: `/prompts/${ids.prompt}/examples/${ids.example}`, json: { inputs: { x: 'c' } } }),
  'POST /prompts/{id}/examples/import': () => ({ path: `/prompts/${ids.prompt}/examples/import`, json: { format: 'csv', content: 'x\nd\n' } }),
  'PUT /prompts/{id}/checks': () => ({ path: `/prompts/${ids.prompt}/checks`, json: { checks: [{ kind: 'min_length', value: 1 }] } }),
  'POST /prompts/{id}/evaluations': () => ({ path: `/prompts/${ids.prompt}/evaluations`, json: { columns: [{ version: 1 }] } }),
  'PUT /prompts/{id}/labels/{label}/protection': () => ({ path: `/prompts/${ids.prompt}/labels/production/protection`, json: { require_checks: false } }),
  'PUT /prompts/{id}/labels/{label}': () => ({ path: `/prompts/${ids.prompt}/labels/production`, json: { version: 1 } }),
  'POST /prompts/{id}/compare': () => ({ path: `/prompts/${ids.prompt}/compare`, json: { columns: [{ version: 1 }, { version: 1, model: 'gpt-4.1-mini' }] } }),
  'POST /prompts/{id}/votes': () => ({
    path: `/prompts/${ids.prompt}/votes`,
    json: { winner: { version: 1 }, loser: { model: 'gpt-4.1-mini' }, inputs_hash: 'h' },
  }),
  'POST /prompts/{id}/feedback': () => ({ path: `/prompts/${ids.prompt}/feedback`, json: { version: 1, rating: 'up' } }),
  'POST /webhooks': () => ({ path: '/webhooks', json: { url: 'http://127.0.0.1:9/hook', events: ['prompt.deleted'] } }),
  'PUT /webhooks/{id}': () => ({ path: '/webhooks/any', json: { active: false } }),
  'POST /prompts/{id}/reviews': () => ({ path: `/prompts/${ids.prompt}/reviews`, json: { version: 1, label: 'production' } }),
  'POST /prompts/{id}/reviews/{review_id}/request-changes': () => ({ path: `/prompts/${ids.prompt}/reviews/any/request-changes`, json: { note: 'Shorter.' } }),
  'POST /reviews/{review_id}/request-changes': () => ({ path: '/reviews/any/request-changes', json: { note: 'Shorter.' } }),
};

const SMUGGLED: [string, () => unknown][] = [
  ['access_tier', () => 'elite'],
  ['is_admin', () => true],
  ['user_id', () => other.id],
  ['owner_id', () => other.id],
  ['owner_email', () => other.email],
  ['id', () => 'chosen-id'],
  ['pk', () => `USER#${other.id}`],
  ['prompts_used', () => -100],
  ['stripe_customer_id', () => 'cus_free_ride'],
  ['password_hash', () => 'scrypt$1$1$1$x$y'],
  ['__proto__', () => ({ is_admin: true, access_tier: 'elite' })],
  ['constructor', () => ({ prototype: { is_admin: true } })],
];

/** JSON text with the smuggled key first, written raw so `__proto__` arrives as an own key. */
const withField = (json: Record<string, unknown>, key: string, value: unknown) => {
  const rest = JSON.stringify(json).slice(1, -1);
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}${rest ? `,${rest}` : ''}}`;
};

describe('mass assignment', () => {
  const userWrites = ROUTES.filter((r) => (r.access === 'user' || routeKey(r) === 'POST /auth/register') && contractOf(routeKey(r))?.request);

  it('covers every user write route that takes a body', () => {
    expect(userWrites.map(routeKey).filter((k) => !(k in WRITES))).toEqual([]);
  });

  it.each(userWrites.map((r) => [routeKey(r)] as const))('%s: a privileged, owning or prototype field → 400, and nothing changes', async (key) => {
    const route = ROUTES.find((r) => routeKey(r) === key)!;
    const before = { mine: await partition(user.id), theirs: await partition(other.id) };
    const made = WRITES[key as RouteKey]!;

    const replies = await Promise.all(
      SMUGGLED.map(async ([field, value]) => {
        const { path, json } = made();
        const reply = await call(route.method, path, {
          token: user.token,
          body: withField(json, field, value()),
          headers: { 'content-type': 'application/json' },
        });
        return { field, json, reply };
      }),
    );

    for (const { field, json, reply } of replies) {
      expect(reply.status, `${field}: ${JSON.stringify(reply.body)}`).toBe(400);
      expect(reply.body.detail).toMatch(new RegExp(`Unknown field: ${field}\\.|Request body is invalid`));
      if (key === 'POST /auth/register') {
        expect((await call('POST', '/auth/login', { form: { username: String(json.email), password: String(json.password) } })).status, field).toBe(401);
      }
    }
    expect(await partition(user.id)).toEqual(before.mine);
    expect(await partition(other.id)).toEqual(before.theirs);
  });

  it('keeps the plain object prototype clean after prototype-key bodies', () => {
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
    expect(({} as Record<string, unknown>).access_tier).toBeUndefined();
  });
});

describe('responses carry only allow-listed fields', () => {
  const USER_FIELDS = ['access_tier', 'email', 'first_name', 'id', 'is_admin', 'last_name'];
  const PROMPT_FIELDS = [
    'access_tier',
    'body',
    'category_id',
    'category_name',
    // The content of a chat prompt and both kinds' model settings (docs/product.md).
    'config',
    'created_at',
    'forked_from',
    'id',
    'industries',
    'is_favorite',
    'kind',
    'labels',
    'library_update',
    'messages',
    'slug',
    'tasks',
    'title',
    'updated_at',
    'version',
  ];
  const NEVER = [
    'password_hash',
    'password',
    'prompts_used',
    'categories_used',
    'snippets_used',
    'stripe_customer_id',
    'stripe_subscription_id',
    'subscription_status',
    'billing_event_created',
    'session_version',
    'pk',
    'sk',
    'gsi1pk',
    'gsi1sk',
    'expires_at',
    'item_id',
    'user_id',
    'sealed_secret',
    'sealed_key',
    'webhooks_used',
  ];

  /** Every key at any depth of a JSON value. */
  const keysOf = (value: unknown): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => (Array.isArray(value) ? keysOf(v) : [k, ...keysOf(v)])) : [];

  it('never exposes stored secrets, counters, billing ids or storage keys from any signed-in GET or write', async () => {
    // Prepare: an account with everything a leak could show.
    const rich = await signUp();
    const mine = (await call('POST', '/prompts/', { token: rich.token, json: { title: 'Mine', body: 'Body' } })).body.id as string;
    await call('PUT', `/prompts/${mine}`, { token: rich.token, json: { title: 'Mine', body: 'Body, edited' } });
    await call('PUT', '/context/profile/secret-key', { token: rich.token, json: { value: 'secret profile value' } });
    await call('POST', '/webhooks', { token: rich.token, json: { url: 'http://127.0.0.1:9/hook', events: ['prompt.deleted'] } });
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `USER#${rich.id}`, sk: 'PROFILE' },
        UpdateExpression: 'SET stripe_customer_id = :c, stripe_subscription_id = :s, subscription_status = :st, billing_event_created = :b',
        ExpressionAttributeValues: { ':c': 'cus_SECRET_CUSTOMER', ':s': 'sub_SECRET_SUBSCRIPTION', ':st': 'active', ':b': 1 },
      }),
    );
    const stored = await userItem(rich.id);
    expect(stored?.password_hash).toMatch(/^scrypt\$/);
    const admin = await adminToken();
    const idFor = (path: string) => (path.startsWith('/library/') || path.startsWith('/admin/prompts/') ? ids.library : mine);
    // A review of the prompt above, for the routes that read one by its id.
    const reviewId = (await call('POST', `/prompts/${mine}/reviews`, { token: rich.token, json: { version: 1, label: 'production' } })).body.id as string;

    // Act: every GET a user or admin can make, and the write answers.
    const gets = [
      // Routes about one prompt ask about the one above (a fork's library update is not one: 404).
      // The account export is the user's own download of everything, profile values included
      // (tests/api/account.test.ts holds it to the same never-list).
      // Library routes (the user's and the admin's) ask about the library fixture.
      // Routes about one team or invitation ask about a team the caller is in (tests/api/teams.test.ts);
      // a members list names each member's user_id by contract.
      ...ROUTES.filter(
        (r) =>
          r.method === 'GET' &&
          r.access === 'user' &&
          r.path !== '/prompts/{id}/library-update' &&
          r.path !== '/account/export' &&
          // One evaluation's routes need an evaluation: tests/api/evaluations.test.ts reads them.
          !r.path.includes('{evaluation_id}') &&
          // A webhook's deliveries need a webhook: tests/api/webhooks.test.ts reads them (GET /webhooks is here, with one).
          !r.path.startsWith('/webhooks/{') &&
          !/^\/(teams|invites)\/\{/.test(r.path),
      ).map((r) => call('GET', r.path.replace('{id}', idFor(r.path)).replace('{review_id}', reviewId), { token: rich.token })),
      ...ROUTES.filter((r) => r.method === 'GET' && r.access === 'admin').map((r) => call('GET', r.path.replace('{id}', idFor(r.path)), { token: admin })),
      call('POST', '/prompts/', { token: rich.token, json: { title: 'Second', body: 'Body' } }),
      call('POST', '/categories/', { token: rich.token, json: { name: 'Cat' } }),
      call('POST', '/context/snippets', { token: rich.token, json: { snippet_name: 'S', snippet_content: 'x' } }),
      call('PUT', `/admin/users/${rich.id}`, { token: admin, json: { access_tier: 'pro' } }),
      call('POST', '/auth/login', { form: { username: rich.email, password: rich.password } }),
    ];
    const replies = await Promise.all(gets);

    // Assess
    for (const reply of replies) {
      expect(reply.status).toBeLessThan(300);
      const text = JSON.stringify(reply.body);
      expect(keysOf(reply.body).filter((k) => NEVER.includes(k))).toEqual([]);
      for (const secret of ['cus_SECRET_CUSTOMER', 'sub_SECRET_SUBSCRIPTION', String(stored!.password_hash), 'scrypt$']) expect(text).not.toContain(secret);
    }
    // Profile values only where they belong: GET /context/profile.
    const leaking = replies.filter((r) => JSON.stringify(r.body).includes('secret profile value'));
    expect(leaking).toHaveLength(1);
    expect(leaking[0]!.body).toEqual({ values: { 'secret-key': 'secret profile value' } });
  });

  it('answers /auth/me, /admin/users and /prompts/ with exactly the allow-listed fields', async () => {
    const u = await signUp();
    await call('POST', '/prompts/', { token: u.token, json: { title: 'Mine', body: 'Body' } });
    const admin = await adminToken();

    const me = await call('GET', '/auth/me', { token: u.token });
    const users = await call('GET', '/admin/users', { token: admin });
    const prompts = await call('GET', '/prompts/', { token: u.token });

    expect(Object.keys(me.body).sort()).toEqual(USER_FIELDS);
    for (const row of users.body) expect(Object.keys(row).sort()).toEqual(USER_FIELDS);
    expect(Object.keys(prompts.body).sort()).toEqual(['filters', 'prompts']);
    for (const p of prompts.body.prompts) expect(Object.keys(p).filter((k) => !PROMPT_FIELDS.includes(k))).toEqual([]);
  });
});
