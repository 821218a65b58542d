import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { matchRoute } from '@shared/routes';
import { call, signUp } from '../support/api';
import { db, setTier } from '../support/db';
import { type EventInput, invoke } from '../support/events';
import { recordRequests, type Sent, touchedItemKeys, touchedKeys } from '../support/round-trips';

/**
 * No key shared by all users on a signed-in request path: every DynamoDB key each route touches
 * (read or written, table or index) is recorded with the bench's recorder, and must be the
 * caller's own (their workspace partition, their token's revocation marker, their own rate
 * windows) or on the short allow-list below, each entry with its reason. A key every user's
 * requests meet (a library version item, a users index partition, a global counter) fails here.
 */
process.env.JWT_SECRET ??= inject('jwtSecret');
// The handlers below run in this worker: one machine's secret box and outbound rules (infra/local/stack.ts).
process.env.SECRET_BOX_KEY ??= randomBytes(32).toString('base64url');
process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
const recorder = recordRequests(db);

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
const handlers = new Map<string, Promise<Handler>>();

/** Every item key the cases below touch, checked against the documented layout at the end. */
const itemKeys: { pk: string; sk: string; route: string }[] = [];

async function touched(input: EventInput): Promise<{ status: number; keys: string[] }> {
  const match = matchRoute(input.method, input.path);
  if (!match || !('route' in match)) throw new Error(`No route for ${input.method} ${input.path}`);
  const name = match.route.handler;
  if (!handlers.has(name))
    handlers.set(
      name,
      import(join(import.meta.dirname, '../../functions', `${name}.ts`)).then((m) => m.handler as Handler),
    );
  const handler = await handlers.get(name)!;
  recorder.take();
  const reply = await invoke(handler, input);
  const sent = recorder.take();
  for (const key of touchedItemKeys(sent)) itemKeys.push({ ...key, route: `${input.method} ${input.path}` });
  return { status: reply.status, keys: touchedKeys(sent) };
}

const tokenId = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;

type User = Awaited<ReturnType<typeof signUp>>;
let user: User;
let libraryId: string;

beforeAll(async () => {
  user = await signUp();
  await setTier(user.id, 'elite');
  const page = (await call('GET', '/library/prompts?page_size=100', { token: user.token })).body;
  libraryId = (page.prompts as { id: string; locked: boolean }[]).find((p) => !p.locked)!.id;
});

describe('keys each signed-in route touches', () => {
  it("stay in the caller's partitions, plus the one library prompt a fork is about", async () => {
    const t = user.token;
    const ok = async (method: string, path: string, json?: unknown) => (await call(method, path, { token: t, json })).body;
    const category = await ok('POST', '/categories/', { name: `Keys ${randomUUID().slice(0, 8)}` });
    const prompt = await ok('POST', '/prompts/', { title: 'Keys', body: 'Body [INPUT: x]', category_id: category.id });
    await ok('PUT', `/prompts/${prompt.id}`, { title: 'Keys 2', body: 'Body 2', category_id: category.id, tasks: [], industries: [] });
    const fork = await ok('POST', `/prompts/fork/${libraryId}`, { category_id: null });
    const snippet = await ok('POST', '/context/snippets', { snippet_name: `k-${randomUUID().slice(0, 8)}`, snippet_content: 'Regards' });
    const doomed = await ok('POST', '/prompts/', { title: 'Doomed', body: 'x' });

    const own = [`USER#${user.id}`, `REVOKED#${tokenId(t)}`];
    /** Allowed beyond the caller's own, per route, each for a reason. */
    const allowed: Record<string, (key: string) => boolean> = {
      // The one item the request is about: the library prompt being forked (its own partition), its fork counter and its suite (each one of its own too).
      fork: (key) => key === `LIBPROMPT#${libraryId}` || key === `LIBSTATS#${libraryId}` || key === `LIBSUITE#${libraryId}`,
      // A pull reads the original's suite (its own partition) for the checks and examples it brings.
      pull: (key) => key === `LIBSUITE#${libraryId}`,
      // Counting a use of the caller's own prompt, and reading its stats: its usage shards and stats partition (per prompt; docs/data-model.md, "usage shard"),
      // and the workspace overview's roll-up (its own shards, "workspace usage day").
      usage: (key) => key.startsWith(`USAGE#USER#${user.id}#`) || key.startsWith(`STATS#USER#${user.id}#`) || key.startsWith(`WSTATS#USER#${user.id}#`),
      // The caller's own daily quota window (subject: the user id).
      quota: (key) => key.startsWith('RATE#') && key.endsWith(`#${user.id}`),
      // The lookup item of the one API key being made or presented: a partition per key, never shared.
      apiKey: (key) => /^APIKEY#[0-9a-f]{64}$/.test(key),
      // A password check (a new API key) counts toward the caller's own sign-in guard, and its attempts from this address.
      signInGuard: (key) => key === `RATE#login-account#${user.email.toLowerCase()}` || /^RATE#login-pair#[0-9a-f]{32}$/.test(key),
    };
    const apiKey = (await ok('POST', '/api-keys', { name: 'Keys', password: user.password })).key as string;
    const connection = { name: 'Keys', provider: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-keys-0123456789abcdef' };
    // Made in this worker (its secret box key opens it for the test below), not by the shared stack.
    const { handler: createConnection } = await import('../../functions/connections/create');
    const connectionId = (
      (await invoke(createConnection as Handler, { method: 'POST', path: '/connections', token: t, json: connection })).body as { id: string }
    ).id;
    const slug = (await ok('GET', '/prompts/')).prompts.find((p: { id: string }) => p.id === prompt.id).slug as string;
    const cases: [EventInput, number, (keyof typeof allowed)[]][] = [
      [{ method: 'GET', path: '/auth/me', token: t }, 200, []],
      [{ method: 'GET', path: '/prompts/', token: t }, 200, []],
      [{ method: 'POST', path: '/prompts/', token: t, json: { title: 'New', body: 'Body', category_id: category.id } }, 201, []],
      [
        { method: 'PUT', path: `/prompts/${prompt.id}`, token: t, json: { title: 'Keys 3', body: 'Body 3', category_id: null, tasks: [], industries: [] } },
        204,
        [],
      ],
      [{ method: 'POST', path: `/prompts/fork/${libraryId}`, token: t, json: { category_id: category.id } }, 201, ['fork']],
      [{ method: 'GET', path: `/prompts/${prompt.id}/versions`, token: t }, 200, []],
      [{ method: 'POST', path: `/prompts/${prompt.id}/versions/1/restore`, token: t }, 200, []],
      [{ method: 'GET', path: `/prompts/${fork.id}/library-update`, token: t }, 200, []],
      [{ method: 'POST', path: `/prompts/${fork.id}/library-update/pull`, token: t }, 200, ['pull']],
      [{ method: 'POST', path: `/prompts/${fork.id}/library-update/dismiss`, token: t }, 204, []],
      [{ method: 'GET', path: '/prompts/export', token: t }, 200, []],
      [{ method: 'GET', path: '/categories/', token: t }, 200, []],
      [{ method: 'PUT', path: `/categories/${category.id}`, token: t, json: { name: `Keys renamed ${randomUUID().slice(0, 8)}` } }, 204, []],
      [{ method: 'GET', path: '/library/prompts', token: t }, 200, []],
      [{ method: 'GET', path: '/library/prompts', token: t, query: { search: 'a', page: '2' } }, 200, []],
      [{ method: 'GET', path: '/library/filters', token: t }, 200, []],
      [{ method: 'POST', path: '/engine/enhance', token: t, json: { prompt_body: 'Write about [INPUT: topic]', enhancement_type: 'clarify' } }, 200, ['quota']],
      [{ method: 'GET', path: '/context/directives', token: t }, 200, []],
      [{ method: 'PUT', path: '/context/directives', token: t, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' } }, 200, []],
      [{ method: 'GET', path: '/context/snippets', token: t }, 200, []],
      [
        { method: 'PUT', path: `/context/snippets/${snippet.id}`, token: t, json: { snippet_name: `k2-${randomUUID().slice(0, 8)}`, snippet_content: 'Best' } },
        200,
        [],
      ],
      [{ method: 'DELETE', path: `/context/snippets/${snippet.id}`, token: t }, 204, []],
      [{ method: 'GET', path: '/context/profile', token: t }, 200, []],
      [{ method: 'DELETE', path: `/prompts/${doomed.id}`, token: t }, 204, []],
      [{ method: 'POST', path: '/api-keys', token: t, json: { name: 'Another', password: user.password } }, 201, ['apiKey', 'signInGuard']],
      [{ method: 'GET', path: '/api-keys', token: t }, 200, []],
      [{ method: 'PUT', path: `/prompts/${prompt.id}/labels/production`, token: t, json: { version: 1 } }, 200, []],
      [{ method: 'GET', path: '/registry/prompts', token: t }, 200, []],
      [{ method: 'GET', path: `/registry/prompts/${slug}`, token: apiKey, query: { label: 'production' } }, 200, ['apiKey', 'usage']],
      [{ method: 'POST', path: `/registry/prompts/${slug}/compile`, token: apiKey, json: { variables: { x: 'y' } } }, 200, ['apiKey', 'usage']],
      [{ method: 'GET', path: `/prompts/${prompt.id}/stats`, token: t }, 200, ['usage']],
      [{ method: 'GET', path: '/stats', token: t }, 200, ['usage']],
      [{ method: 'POST', path: '/connections', token: t, json: connection }, 201, []],
      [{ method: 'GET', path: '/connections', token: t }, 200, []],
      [{ method: 'POST', path: `/connections/${connectionId}/test`, token: t }, 200, []],
      [{ method: 'DELETE', path: `/connections/${connectionId}`, token: t }, 204, []],
    ];

    const strays: string[] = [];
    for (const [input, status, allowances] of cases) {
      const result = await touched(input);
      const label = `${input.method} ${input.path}`;
      expect(result.status, label).toBe(status);
      expect(result.keys.length, label).toBeGreaterThan(0);
      for (const key of result.keys) {
        if (own.includes(key) || allowances.some((a) => allowed[a]!(key))) continue;
        strays.push(`${label} → ${key}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('touches only item types the data model documents (docs/data-model.md, "Items")', () => {
    const rows = documentedItems();
    expect(rows.length).toBeGreaterThan(20);
    expect(itemKeys.length).toBeGreaterThan(50);
    const undocumented = itemKeys.filter((key) => !rows.some((row) => row.pk.test(key.pk) && row.sk.test(key.sk))).map((k) => `${k.route} → ${k.pk} | ${k.sk}`);
    expect([...new Set(undocumented)]).toEqual([]);
    // The check can fail: an item type the table does not name.
    expect(rows.some((row) => row.pk.test('LIBRARY') && row.sk.test('META'))).toBe(false);
  });

  it('notices a shared key: the recorder sees the library index a builder would read', () => {
    const sent: Sent[] = [
      {
        command: 'BatchGetItem',
        input: {
          RequestItems: {
            t: {
              Keys: [
                { pk: { S: `USER#${user.id}` }, sk: { S: 'PROFILE' } },
                { pk: { S: 'LIBRARY' }, sk: { S: 'META' } },
              ],
            },
          },
        },
        start: 0,
        end: 1,
      },
      {
        command: 'Query',
        input: { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'LIBRARY#3' } } },
        start: 1,
        end: 2,
      },
    ];
    expect(touchedKeys(sent)).toEqual([`USER#${user.id}`, 'LIBRARY', 'index:gsi2:gsi2pk=LIBRARY#3']);
  });
});

/**
 * The item table of docs/data-model.md as key patterns: the first code span of the pk and sk
 * columns, `<...>` standing for any text. The table is the one key registry: an item type the
 * code writes without a row there fails the test above.
 */
function documentedItems(): { item: string; pk: RegExp; sk: RegExp }[] {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/data-model.md'), 'utf8');
  const table = doc.slice(doc.indexOf('## Items'));
  const pattern = (cell: string) => {
    const code = /`([^`]+)`/.exec(cell)?.[1];
    if (!code) return /^$/;
    return new RegExp(
      `^${code
        .split(/<[^>]*>/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    );
  };
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| item') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((c) => c.trim()))
    .filter((cells) => cells[2]?.includes('`'))
    .map((cells) => ({ item: cells[1]!, pk: pattern(cells[2]!), sk: pattern(cells[3]!) }));
}
