import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { setTier, userItem } from '../support/db';

/**
 * Import and export of My Prompts: GET /prompts/export (JSON and Markdown) and
 * POST /prompts/import (preview, duplicates, plan limits, all or nothing).
 */
const { db, TABLE } = await import('../../functions/lib/data/db');
const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');

/** Every item of a user's partition and the user item, to prove that nothing was written. */
async function snapshot(userId: string) {
  const items =
    (await db.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }))).Items ??
    [];
  // Activity is written by the events worker after earlier answers, so it may land while a test reads.
  return items.filter((item) => item.type !== 'activity').sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

type User = Awaited<ReturnType<typeof signUp>>;

async function userWith(tier: 'free' | 'pro' | 'elite'): Promise<User> {
  const user = await signUp();
  if (tier !== 'free') await setTier(user.id, tier);
  return user;
}

async function prompts(user: User) {
  const reply = await call('GET', '/prompts/', { token: user.token });
  expect(reply.status).toBe(200);
  return reply.body.prompts as any[];
}
async function categories(user: User) {
  return (await call('GET', '/categories/', { token: user.token })).body as { id: string; name: string; prompt_count: number }[];
}

async function exportJson(user: User) {
  const reply = await call('GET', '/prompts/export?format=json', { token: user.token });
  expect(reply.status).toBe(200);
  return reply;
}

const importFile = (user: User, document: unknown, dry_run?: boolean) =>
  call('POST', '/prompts/import', { token: user.token, json: { document, ...(dry_run === undefined ? {} : { dry_run }) } });

const file = (prompts: Record<string, unknown>[], categories: string[] = []) => ({
  format: 'construct.prompts',
  version: 1,
  categories: categories.map((name) => ({ name })),
  prompts,
});
const many = (n: number, tag = randomUUID().slice(0, 6)) =>
  Array.from({ length: n }, (_, i) => ({ title: `Prompt ${i} ${tag}`, body: `Body ${i} ${tag} [INPUT: x]` }));

/** A workspace with two categories (one empty), tags, a favourite and an uncategorised prompt. */
async function seed(user: User) {
  const marketing = (await call('POST', '/categories/', { token: user.token, json: { name: 'Marketing' } })).body;
  await call('POST', '/categories/', { token: user.token, json: { name: 'Empty one' } });
  const first = await call('POST', '/prompts/', {
    token: user.token,
    json: {
      title: 'Launch email',
      body: 'Write a launch email about [INPUT: product].\n```\nkeep this fence\n```',
      category_id: marketing.id,
      tasks: ['Email', 'Launch'],
      industries: ['SaaS'],
    },
  });
  await call('PUT', `/prompts/${first.body.id}`, { token: user.token, json: { is_favorite: true } });
  await call('POST', '/prompts/', { token: user.token, json: { title: 'Loose note', body: 'Summarise [INPUT: notes] in three bullets.' } });
}

/** What a user's prompts look like, without ids: what must survive a round trip. */
const portable = (list: any[]) =>
  list.map(({ title, body, category_name, tasks, industries, is_favorite, created_at, updated_at }) => ({
    title,
    body,
    category_name,
    tasks,
    industries,
    is_favorite,
    created_at,
    updated_at,
  }));

describe('export', () => {
  it('downloads JSON with categories by name, tags and favourites, and nothing of another user', async () => {
    const [owner, stranger] = await Promise.all([userWith('free'), userWith('free')]);
    await seed(owner);
    await call('POST', '/prompts/', { token: stranger.token, json: { title: 'Stranger secret', body: 'not yours' } });
    await call('POST', '/categories/', { token: stranger.token, json: { name: 'Stranger category' } });

    const reply = await exportJson(owner);

    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="construct-prompts-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(reply.body).toMatchObject({
      format: 'construct.prompts',
      version: 1,
      exported_at: expect.any(String),
      categories: [{ name: 'Empty one' }, { name: 'Marketing' }],
    });
    expect(reply.body.prompts).toEqual([
      {
        title: 'Loose note',
        body: 'Summarise [INPUT: notes] in three bullets.',
        category: null,
        tasks: [],
        industries: [],
        is_favorite: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({ title: 'Launch email', category: 'Marketing', tasks: ['Email', 'Launch'], industries: ['SaaS'], is_favorite: true }),
    ]);
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('Stranger');
    expect(text).not.toContain(owner.id);
    // The same request without a format is JSON too.
    expect((await call('GET', '/prompts/export', { token: owner.token })).body.prompts).toHaveLength(2);
  });

  it('downloads one Markdown file: sections per category, uncategorised last, bodies fenced', async () => {
    const owner = await userWith('free');
    await seed(owner);

    const reply = await call('GET', '/prompts/export?format=markdown', { token: owner.token });

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="construct-prompts-\d{4}-\d{2}-\d{2}\.md"$/);
    const md = reply.body as string;
    expect(md.match(/^## .*/gm)).toEqual(['## Empty one', '## Marketing', '## Uncategorized']);
    expect(md).toContain(
      '### Launch email\n\n- Tasks: Email, Launch\n- Industries: SaaS\n- Favorite: yes\n\n````\nWrite a launch email about [INPUT: product].\n',
    );
    expect(md).toContain('```\nkeep this fence\n```\n````\n');
  });

  it('refuses an unknown format with 400, and anonymous callers with 401', async () => {
    const owner = await userWith('free');
    const reply = await call('GET', '/prompts/export?format=csv', { token: owner.token });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail: "format must be 'json' or 'markdown'." });
    expect((await call('GET', '/prompts/export')).status).toBe(401);
  });
});

describe('import', () => {
  it('round-trips an export into another account: same prompts, categories, favourites, tags and dates', async () => {
    const [source, target] = await Promise.all([userWith('free'), userWith('pro')]);
    await seed(source);
    const document = (await exportJson(source)).body;

    const previewed = await importFile(target, document, true);
    expect(previewed.status).toBe(200);
    expect(previewed.body).toEqual({
      dry_run: true,
      create: [
        { title: 'Loose note', category: null },
        { title: 'Launch email', category: 'Marketing' },
      ],
      duplicates: [],
      categories_to_create: ['Empty one', 'Marketing'],
      limit: { allowed: true },
    });

    const imported = await importFile(target, document);
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ dry_run: false, created: 2, duplicates: 0, categories_created: 2 });

    expect(portable(await prompts(target))).toEqual(portable(await prompts(source)));
    expect((await categories(target)).map(({ name, prompt_count }) => ({ name, prompt_count }))).toEqual([
      { name: 'Empty one', prompt_count: 0 },
      { name: 'Marketing', prompt_count: 1 },
    ]);
    const counters = await userItem(target.id);
    expect([counters?.prompts_used, counters?.categories_used]).toEqual([2, 2]);
    // Imported prompts start their version history at 1.
    expect((await prompts(target)).map((p) => p.version)).toEqual([1, 1]);
  });

  it('tells each new prompt in the activity feed, as the OpenAI import does; duplicates tell nothing', async () => {
    const user = await userWith('free');
    const tag = randomUUID().slice(0, 6);
    const doc = file([
      { title: `Told A ${tag}`, body: 'First' },
      { title: `Told B ${tag}`, body: 'Second' },
    ]);
    const feed = async (count: number) => {
      let events: { type: string; prompt_title?: string; version?: number; actor: { name: string } }[] = [];
      for (let tries = 0; tries < 100 && events.length < count; tries++) {
        events = (await call('GET', '/activity', { token: user.token })).body.events;
        if (events.length < count) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return events;
    };
    expect((await importFile(user, doc)).status).toBe(201);
    const told = await feed(2);
    expect(
      told.map(({ type, prompt_title, version }) => ({ type, prompt_title, version })).sort((a, b) => a.prompt_title!.localeCompare(b.prompt_title!)),
    ).toEqual([
      { type: 'prompt.version.created', prompt_title: `Told A ${tag}`, version: 1 },
      { type: 'prompt.version.created', prompt_title: `Told B ${tag}`, version: 1 },
    ]);
    expect(told[0]!.actor.name).toBe(`${user.first_name} ${user.last_name}`.trim());

    expect((await importFile(user, doc)).body).toMatchObject({ created: 0, duplicates: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call('GET', '/activity', { token: user.token })).body.events).toHaveLength(2);
  });

  it('skips duplicates on re-import (title in any case + body) and reuses categories by name', async () => {
    const user = await userWith('pro');
    const doc = file(
      [
        { title: 'Alpha', body: 'First body', category: 'Ideas' },
        { title: 'Beta', body: 'Second body' },
      ],
      ['Ideas'],
    );
    expect((await importFile(user, doc)).status).toBe(201);

    const again = file(
      [
        { title: 'ALPHA ', body: 'First body\n', category: 'IDEAS' },
        { title: 'Beta', body: 'Second body' },
        { title: 'Beta', body: 'Changed body', category: 'ideas' },
      ],
      ['ideas'],
    );
    const previewed = await importFile(user, again, true);
    expect(previewed.body).toMatchObject({
      create: [{ title: 'Beta', category: 'Ideas' }],
      duplicates: [
        { title: 'ALPHA', reason: 'in_workspace' },
        { title: 'Beta', reason: 'in_workspace' },
      ],
      categories_to_create: [],
    });
    const reply = await importFile(user, again);

    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ dry_run: false, created: 1, duplicates: 2, categories_created: 0 });
    expect((await categories(user)).map((c) => [c.name, c.prompt_count])).toEqual([['Ideas', 2]]);

    // Nothing new at all: 200, nothing written.
    const before = await snapshot(user.id);
    const nothing = await importFile(user, again);
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual({ dry_run: false, created: 0, duplicates: 3, categories_created: 0 });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses an invalid document with the positions of its problems, and writes nothing', async () => {
    const user = await userWith('pro');
    await seed(user);
    const before = await snapshot(user.id);

    const bad = file([...many(3), { title: '   ', body: 'b' }, { title: 'ok', body: 'ok', owner: 'x' }], ['Fresh category']);
    const reply = await importFile(user, bad);

    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe('This file cannot be imported: prompts[3].title: Title is required. (and 1 more problem)');
    expect(reply.body.errors).toEqual([
      { field: 'prompts[3].title', message: 'prompts[3].title: Title is required.' },
      { field: 'prompts[4]', message: 'prompts[4]: unknown field owner.' },
    ]);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it.each([
    ['another JSON file', { hello: 'world' }],
    ['a list', [1, 2]],
    ['a Markdown export as text', '# Construct prompts'],
  ])('refuses %s: this is not an export', async (_, document) => {
    const user = await userWith('free');
    const reply = await importFile(user, document);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ detail: 'This is not a Construct prompts export.' });
  });

  it('refuses a request without a document, and unknown top-level fields', async () => {
    const user = await userWith('free');
    expect((await call('POST', '/prompts/import', { token: user.token, json: { dry_run: true } })).body).toEqual({
      detail: 'document is required.',
      errors: [{ field: 'document', message: 'document is required.' }],
    });
    expect((await call('POST', '/prompts/import', { token: user.token, json: { document: file([]), user_id: 'x' } })).status).toBe(400);
  });

  it('refuses with 403 and writes nothing when a free plan cannot take the new prompts or categories', async () => {
    const user = await userWith('free');
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Existing', body: 'Already here' } });
    await call('POST', '/prompts/', { token: user.token, json: { title: 'Existing 2', body: 'Already here too' } });
    const before = await snapshot(user.id);

    const tooMany = file([{ title: 'Existing', body: 'Already here' }, ...many(4)]);
    const previewed = await importFile(user, tooMany, true);
    expect(previewed.status).toBe(200);
    expect(previewed.body.limit).toEqual({
      allowed: false,
      detail: 'This file has 4 new prompts but your plan allows 3 more. Please upgrade your plan or import a smaller file.',
    });
    const reply = await importFile(user, tooMany);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ detail: 'This file has 4 new prompts but your plan allows 3 more. Please upgrade your plan or import a smaller file.' });

    const tooManyCategories = file(many(1), ['A', 'B', 'C', 'D']);
    const refused = await importFile(user, tooManyCategories);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('This file has 4 new categories but your plan allows 3 more. Please upgrade your plan or import a smaller file.');

    expect(await snapshot(user.id)).toEqual(before);
    // Exactly what fits goes in.
    expect((await importFile(user, file(many(3)))).status).toBe(201);
    expect((await userItem(user.id))?.prompts_used).toBe(5);
  });

  it("carries each prompt's checks and examples through export and import (issue 29), within the plan's examples per prompt", async () => {
    const owner = await userWith('pro');
    const made = await call('POST', '/prompts/', { token: owner.token, json: { title: `Suite ${randomUUID()}`, body: 'Explain [INPUT: topic].' } });
    const path = `/prompts/${made.body.id}`;
    const checks = [
      { kind: 'contains', value: 'Explain', name: 'explains' },
      { kind: 'regex', value: '^Local' },
    ];
    expect((await call('PUT', `${path}/checks`, { token: owner.token, json: { checks } })).status).toBe(200);
    const content = ['topic,expected,rating', ...Array.from({ length: 12 }, (_, i) => `tides ${i},About tides,good`)].join('\n');
    expect((await call('POST', `${path}/examples/import`, { token: owner.token, json: { format: 'csv', content } })).status).toBe(201);

    const exported = (await exportJson(owner)).body;
    const mine = exported.prompts.find((p: any) => p.title === made.body.title);
    expect(mine.checks).toEqual([
      { kind: 'contains', value: 'Explain', name: 'explains' },
      { kind: 'regex', value: '^Local', name: null },
    ]);
    expect(mine.examples).toHaveLength(12);
    // The account export carries them with the prompt too.
    const account = (await call('GET', '/account/export', { token: owner.token })).body;
    const inAccount = account.prompts.find((p: any) => p.id === made.body.id);
    expect(inAccount.checks.map((c: any) => c.value)).toEqual(['Explain', '^Local']);
    expect(inAccount.examples).toHaveLength(12);
    expect(mine.examples[0]).toEqual({ inputs: { topic: 'tides 0' }, history: [], expected: 'About tides', rating: 'good', note: null, source: 'import' });

    // Into another pro account: the same suite.
    const other = await userWith('pro');
    expect((await importFile(other, exported)).status).toBe(201);
    const copy = (await prompts(other)).find((p) => p.title === made.body.title);
    const copied = (await call('GET', `/prompts/${copy.id}/checks`, { token: other.token })).body.checks;
    expect(copied.map(({ kind, value, name }: any) => ({ kind, value, name }))).toEqual(mine.checks);
    const examples = (await call('GET', `/prompts/${copy.id}/examples`, { token: other.token })).body.examples;
    expect(examples.map((e: any) => e.inputs.topic)).toEqual(mine.examples.map((e: any) => e.inputs.topic));

    // A free plan keeps 10 examples a prompt: 403 with the reason, nothing written; a bad check or example is 400.
    const free = await userWith('free');
    const before = await snapshot(free.id);
    const tooMany = file([mine]);
    expect((await importFile(free, tooMany, true)).body.limit).toEqual({
      allowed: false,
      detail: `"${made.body.title}" has 12 examples but your plan allows 10 per prompt. Please upgrade your plan or import fewer examples.`,
    });
    expect((await importFile(free, tooMany)).status).toBe(403);
    const badRegex = await importFile(free, file([{ title: 'Bad', body: 'Hi [INPUT: a]', checks: [{ kind: 'regex', value: '(' }] }]));
    expect(badRegex.status).toBe(400);
    expect(badRegex.body.detail).toMatch(/^This file cannot be imported: prompts\[0\]\.checks: Check 1 \(regex\)/);
    const misfit = await importFile(free, file([{ title: 'Misfit', body: 'Hi [INPUT: a]', examples: [{ inputs: { b: 'x' } }] }]));
    expect(misfit.status).toBe(400);
    expect(misfit.body.detail).toMatch(/^This file cannot be imported: prompts\[0\]\.examples\[0\]: the inputs do not fit/);
    expect(await snapshot(free.id)).toEqual(before);
    // Ten fit.
    expect((await importFile(free, file([{ ...mine, examples: mine.examples.slice(0, 10) }]))).status).toBe(201);
    const kept = (await prompts(free))[0];
    expect((await call('GET', `/prompts/${kept.id}/examples`, { token: free.token })).body.examples).toHaveLength(10);
  });

  it('previews without writing anything', async () => {
    const user = await userWith('free');
    const before = await snapshot(user.id);

    const reply = await importFile(user, file(many(2), ['New one']), true);

    expect(reply.status).toBe(200);
    expect(reply.body.create).toHaveLength(2);
    expect(reply.body.categories_to_create).toEqual(['New one']);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('never passes the plan limit under concurrent imports, and keeps the counter exact', async () => {
    const user = await userWith('free');

    const replies = await Promise.all(Array.from({ length: 8 }, () => importFile(user, file(many(2)))));

    const statuses = replies.map((r) => r.status);
    expect(
      statuses.every((s) => [201, 403, 409].includes(s)),
      JSON.stringify(replies.map((r) => r.body)),
    ).toBe(true);
    // Two imports of 2 fit in 5 slots; a third would need 2 with 1 left: all or nothing, so exactly two land.
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    const list = await prompts(user);
    expect(list).toHaveLength(4);
    expect((await userItem(user.id))?.prompts_used).toBe(4);
  });

  it('creates a category once when concurrent imports both bring it', async () => {
    const user = await userWith('pro');
    const name = `Shared ${randomUUID().slice(0, 6)}`;

    const replies = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((x, i) => importFile(user, file([{ title: `From ${x}`, body: x, category: i % 2 ? name.toUpperCase() : name }]))),
    );

    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(replies.reduce((n, r) => n + r.body.categories_created, 0)).toBe(1);
    expect((await categories(user)).map((c) => [c.name.toLowerCase(), c.prompt_count])).toEqual([[name.toLowerCase(), 5]]);
    expect((await userItem(user.id))?.categories_used).toBe(1);
  });

  it('imports more than one transaction holds (100 items) in parts, counters exact', async () => {
    const user = await userWith('elite');
    const names = Array.from({ length: 30 }, (_, i) => `Group ${String(i).padStart(2, '0')}`);
    const items = many(250).map((p, i) => ({ ...p, category: names[i % 30] }));

    const reply = await importFile(user, file(items, names));

    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ dry_run: false, created: 250, duplicates: 0, categories_created: 30 });
    const list = await categories(user);
    expect(list.map((c) => c.name)).toEqual(names);
    expect(list.reduce((n, c) => n + c.prompt_count, 0)).toBe(250);
    const counters = await userItem(user.id);
    expect([counters?.prompts_used, counters?.categories_used]).toEqual([250, 30]);
    // Without dates in the file, the list keeps the file's order.
    expect((await prompts(user)).map((p) => p.title)).toEqual(items.map((p) => p.title));
  });

  it('takes a large file (over the 64 KB default body limit) and exports it back compressed', async () => {
    const user = await userWith('elite');
    const big = Array.from({ length: 60 }, (_, i) => ({ title: `Big ${i}`, body: `${i} ${'x'.repeat(19_990)}`, tasks: ['Long'] }));

    const reply = await importFile(user, file(big));
    expect(reply.status).toBe(201);
    expect(reply.body.created).toBe(60);

    const exported = await call('GET', '/prompts/export', { token: user.token, headers: { 'accept-encoding': 'gzip' } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-encoding')).toBe('gzip');
    expect(exported.body.prompts).toHaveLength(60);
    expect(new Set(exported.body.prompts.map((p: { body: string }) => p.body))).toEqual(new Set(big.map((p) => p.body)));
  });

  it('refuses a request body over 5 MB with 413', async () => {
    const user = await userWith('elite');
    const reply = await call('POST', '/prompts/import', {
      token: user.token,
      body: JSON.stringify({ document: file([{ title: 'x', body: 'y'.repeat(5.1 * 1024 * 1024) }]) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(413);
    expect(reply.body.detail).toBe('Request body is too large (limit 5120 KB).');
  });
});
