import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import { call, signUp } from '../support/api';
import { library, setTier } from '../support/db';

/** Fixtures under a unique category, so the seeded library around them does not matter. */
const run = randomUUID().slice(0, 8);
const CATEGORY = `Fixtures ${run}`;
const OTHER = `Other ${run}`;
const longBody = (label: string) =>
  `${label} ${run}: ${'detailed instructions that go well past eighty characters so the teaser is cut. '.repeat(3)}[INPUT: topic]`;
const entries: LibraryEntry[] = [
  {
    id: `free-a-${run}`,
    title: `Alpha free ${run}`,
    body: longBody('free alpha'),
    category: CATEGORY,
    tasks: ['Writing', 'Email'],
    industries: ['SaaS'],
    access_tier: 'free',
  },
  {
    id: `free-b-${run}`,
    title: `Beta free ${run}`,
    body: `plain body ${run} without variables`,
    category: CATEGORY,
    tasks: ['Research'],
    industries: ['Finance'],
    access_tier: 'free',
  },
  {
    id: `pro-${run}`,
    title: `Gamma pro ${run}`,
    body: longBody('pro secret'),
    category: CATEGORY,
    tasks: ['Writing'],
    industries: ['Healthcare'],
    access_tier: 'pro',
  },
  {
    id: `elite-${run}`,
    title: `Delta elite ${run}`,
    body: longBody('elite secret'),
    category: OTHER,
    tasks: ['Strategy'],
    industries: ['SaaS'],
    access_tier: 'elite',
  },
];
for (let i = 0; i < 26; i++) {
  entries.push({
    id: `bulk-${i}-${run}`,
    title: `Bulk ${String(i).padStart(2, '0')} ${run}`,
    body: `bulk body ${run} ${i}`,
    category: OTHER,
    tasks: ['Bulk'],
    industries: ['Retail'],
    access_tier: 'free',
  });
}

beforeAll(async () => {
  await library.upsertEntries(entries, 'curator@construct.test');
});

type Page = { prompts: any[]; total: number; page: number; page_size: number; total_pages: number; featured: any[]; available_tasks: string[] };
const page = async (token: string, query: Record<string, string>) => {
  const reply = await call<Page>('GET', `/library/prompts?${new URLSearchParams(query)}`, { token });
  expect(reply.status).toBe(200);
  return reply.body;
};

describe('GET /library/prompts', () => {
  it('answers the first page with totals without parameters (never the whole library), with tiers and lock flags', async () => {
    const user = await signUp();
    const reply = await call<Page>('GET', '/library/prompts', { token: user.token });

    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(false);
    expect(reply.body).toMatchObject({ page: 1, page_size: 12 });
    expect(reply.body.prompts.length).toBeLessThanOrEqual(12);
    expect(reply.body.total).toBeGreaterThanOrEqual(entries.length);
    const mine = (await page(user.token, { search: run, page_size: '100' })).prompts;
    expect(mine).toHaveLength(entries.length);
    expect(mine.find((p: any) => p.id === `free-a-${run}`)).toMatchObject({
      access_tier: 'free',
      locked: false,
      category_name: CATEGORY,
      has_variables: true,
      tasks: ['Writing', 'Email'],
    });
  });

  it.each([
    ['free', { free: false, pro: true, elite: true }],
    ['pro', { free: false, pro: false, elite: true }],
    ['elite', { free: false, pro: false, elite: false }],
  ] as const)('gates content for a %s user: locked prompts carry only an 80-character teaser', async (tier, lockedByTier) => {
    const user = await signUp();
    await setTier(user.id, tier);

    const list = (await page(user.token, { category: CATEGORY, page_size: '100' })).prompts.concat(
      (await page(user.token, { category: OTHER, page_size: '100' })).prompts,
    );

    for (const [contentTier, locked] of Object.entries(lockedByTier)) {
      const id = contentTier === 'free' ? `free-a-${run}` : `${contentTier}-${run}`;
      const prompt = list.find((p) => p.id === id);
      expect(prompt.locked, `${tier} sees ${contentTier}`).toBe(locked);
      if (locked) {
        expect(prompt.body.length).toBeLessThanOrEqual(81);
        expect(prompt.body).not.toContain('[INPUT: topic]');
        expect(prompt.has_variables).toBe(true);
      } else {
        expect(prompt.body).toContain('[INPUT: topic]');
      }
    }
  });

  it('filters by search (title or body, case-insensitive), category, tasks and industries (any)', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');

    expect((await page(user.token, { search: `ALPHA FREE ${run}` })).prompts.map((p) => p.id)).toEqual([`free-a-${run}`]);
    expect((await page(user.token, { search: `plain body ${run}` })).prompts.map((p) => p.id)).toEqual([`free-b-${run}`]);
    const byCategory = await page(user.token, { category: CATEGORY });
    expect(byCategory.total).toBe(3);
    const byTasks = await page(user.token, { category: CATEGORY, tasks: 'Email,Research' });
    expect(byTasks.prompts.map((p) => p.id).sort()).toEqual([`free-a-${run}`, `free-b-${run}`].sort());
    const byIndustry = await page(user.token, { search: run, industries: 'Healthcare,Finance' });
    expect(byIndustry.prompts.map((p) => p.id).sort()).toEqual([`free-b-${run}`, `pro-${run}`].sort());
    expect(byCategory.available_tasks).toEqual(['Email', 'Research', 'Writing']);
  });

  it('does not let a locked prompt match on text hidden from the caller', async () => {
    const user = await signUp();
    expect((await page(user.token, { search: `elite secret ${run}` })).total).toBe(1);
    expect((await page(user.token, { search: 'go well past eighty characters so the teaser is cut', category: OTHER })).total).toBe(0);
  });

  it('pages 12 at a time and reports the totals', async () => {
    const user = await signUp();
    const first = await page(user.token, { category: OTHER, page: '1' });
    const third = await page(user.token, { category: OTHER, page: '3' });

    expect(first).toMatchObject({ total: 27, page: 1, page_size: 12, total_pages: 3 });
    expect(first.prompts).toHaveLength(12);
    expect(third.prompts).toHaveLength(3);
    const all = [...first.prompts, ...(await page(user.token, { category: OTHER, page: '2' })).prompts, ...third.prompts].map((p) => p.id);
    expect(new Set(all).size).toBe(27);
    expect(first.featured.every((p) => p.access_tier === 'elite')).toBe(true);
    expect(first.featured.length).toBeLessThanOrEqual(5);
  });

  it.each([
    [{ page: '0' }, 'page must be a positive whole number.'],
    [{ page: 'abc' }, 'page must be a positive whole number.'],
    [{ page_size: '1000' }, 'page_size must be a whole number from 1 to 100.'],
    [{ search: 'x'.repeat(201) }, 'search must be at most 200 characters.'],
  ])('rejects bad parameters %o with 400', async (query, detail) => {
    const user = await signUp();
    const reply = await call('GET', `/library/prompts?${new URLSearchParams(query)}`, { token: user.token });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/library/prompts')).status).toBe(401);
  });
});

describe('GET /library/filters', () => {
  it('lists category names, tasks and industries', async () => {
    const user = await signUp();
    const reply = await call('GET', '/library/filters', { token: user.token });

    expect(reply.status).toBe(200);
    expect(reply.body.categories).toEqual(expect.arrayContaining([CATEGORY, OTHER]));
    expect(reply.body.tasks).toEqual(expect.arrayContaining(['Writing', 'Email', 'Research', 'Strategy', 'Bulk']));
    expect(reply.body.industries).toEqual(expect.arrayContaining(['SaaS', 'Finance', 'Healthcare', 'Retail']));
  });
});

describe('POST /prompts/fork/{id}', () => {
  it("copies a library prompt into the workspace, into the caller's own category", async () => {
    const user = await signUp();
    const category = (await call('POST', '/categories/', { token: user.token, json: { name: 'Forked' } })).body;

    const reply = await call('POST', `/prompts/fork/free-a-${run}`, { token: user.token, json: { category_id: category.id } });

    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      title: `Alpha free ${run}`,
      category_id: category.id,
      category_name: 'Forked',
      forked_from: `free-a-${run}`,
      tasks: ['Writing', 'Email'],
    });
    const list = (await call('GET', '/prompts/', { token: user.token })).body.prompts;
    expect(list).toHaveLength(1);
    expect(list[0].body).toBe(entries[0]!.body);
  });

  it('forks uncategorized with category_id null', async () => {
    const user = await signUp();
    const reply = await call('POST', `/prompts/fork/free-b-${run}`, { token: user.token, json: { category_id: null } });
    expect(reply.status).toBe(201);
    expect(reply.body.category_id).toBeNull();
  });

  it('answers 403 with an upgrade message for a locked prompt, and 404 for an unknown one', async () => {
    const user = await signUp();

    const locked = await call('POST', `/prompts/fork/elite-${run}`, { token: user.token, json: { category_id: null } });
    const unknown = await call('POST', '/prompts/fork/no-such-prompt', { token: user.token, json: { category_id: null } });

    expect(locked.status).toBe(403);
    expect(locked.body.detail).toBe('This prompt is part of the Elite plan. Upgrade your plan to use it.');
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toEqual([]);
  });

  it("refuses another user's category with 404 and writes nothing", async () => {
    const owner = await signUp();
    const user = await signUp();
    const foreign = (await call('POST', '/categories/', { token: owner.token, json: { name: 'Theirs' } })).body;

    const reply = await call('POST', `/prompts/fork/free-a-${run}`, { token: user.token, json: { category_id: foreign.id } });

    expect(reply.status).toBe(404);
    expect(reply.body.detail).toBe('Category not found.');
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toEqual([]);
  });

  it('counts against the plan limit: exactly one of 50 concurrent forks at limit-1 succeeds', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i++) await call('POST', '/prompts/', { token: user.token, json: { title: `p${i}`, body: 'b' } });

    const replies = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/prompts/fork/free-a-${run}`, { token: user.token, json: { category_id: null } })),
    );

    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.find((r) => r.status === 403)?.body.detail).toBe('You have reached your limit of 5 prompts. Please upgrade your plan.');
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts).toHaveLength(5);
  });
});

describe('library import', () => {
  it('is idempotent: importing the same entries twice creates no duplicates', async () => {
    const again = await library.upsertEntries(entries.slice(0, 2), 'curator@construct.test');
    expect(again).toEqual({ created: 0, updated: 2 });
    const user = await signUp();
    expect((await page(user.token, { search: `Alpha free ${run}` })).total).toBe(1);
  });
});

describe('sort, available on my plan, one prompt', () => {
  const SORTED = `Sorted ${run}`;
  // Titles in A–Z order: Apple, Banana, Cherry; 'needle' in one title and in the others' bodies.
  const sorted: LibraryEntry[] = [
    { id: `s-apple-${run}`, title: `Apple ${run}`, body: `about a needle ${run}`, category: SORTED, tasks: [], industries: [], access_tier: 'free' },
    { id: `s-banana-${run}`, title: `Banana ${run}`, body: `plain needle ${run}`, category: SORTED, tasks: ['Sewing'], industries: [], access_tier: 'free' },
    { id: `s-cherry-${run}`, title: `Cherry needle ${run}`, body: `plain ${run}`, category: SORTED, tasks: [], industries: [], access_tier: 'pro' },
  ];
  const ids = (p: Page) => p.prompts.map((x) => x.id);

  beforeAll(async () => {
    for (const entry of sorted) await library.upsertEntries([entry], 'curator@construct.test'); // created_at in this order
    const forker = await signUp();
    await setTier(forker.id, 'pro');
    for (const [id, times] of [
      [`s-banana-${run}`, 2],
      [`s-cherry-${run}`, 1],
    ] as const) {
      for (let i = 0; i < times; i++) expect((await call('POST', `/prompts/fork/${id}`, { token: forker.token, json: {} })).status).toBe(201);
    }
    // Fork counts reach the library with its next build (any library write).
    await library.upsertEntries([sorted[0]!], 'curator@construct.test');
  });

  it('sorts by relevance (title matches first), popular (forks), newest and A–Z, the same order across pages', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const q = { category: SORTED };
    expect(ids(await page(user.token, { ...q, search: 'needle' }))).toEqual([`s-cherry-${run}`, `s-apple-${run}`, `s-banana-${run}`]);
    expect(ids(await page(user.token, { ...q, search: 'needle', sort: 'title' }))).toEqual([`s-apple-${run}`, `s-banana-${run}`, `s-cherry-${run}`]);
    const popular = await page(user.token, { ...q, sort: 'popular' });
    expect(ids(popular)).toEqual([`s-banana-${run}`, `s-cherry-${run}`, `s-apple-${run}`]);
    expect(popular.prompts.map((p) => p.forks)).toEqual([2, 1, 0]);
    expect(ids(await page(user.token, { ...q, sort: 'newest' }))).toEqual([`s-cherry-${run}`, `s-banana-${run}`, `s-apple-${run}`]);
    // Page by page, one at a time: the pages put together are the whole order.
    const paged = [];
    for (let n = 1; n <= 3; n++) paged.push(...ids(await page(user.token, { ...q, sort: 'popular', page_size: '1', page: String(n) })));
    expect(paged).toEqual(ids(popular));
    // Unfiltered: the whole library by use (saves and runs: other files run library prompts).
    const all = await page(user.token, { sort: 'popular', page_size: '100' });
    const use = all.prompts.map((p) => p.forks + p.runs);
    expect(use).toEqual([...use].sort((a, b) => b - a));
  });

  it("'available' hides what the caller's plan does not open", async () => {
    const user = await signUp();
    expect(ids(await page(user.token, { category: SORTED, available: 'true' }))).toEqual([`s-apple-${run}`, `s-banana-${run}`]);
    expect((await page(user.token, { available: 'true', page_size: '100' })).prompts.every((p) => !p.locked)).toBe(true);
    await setTier(user.id, 'pro');
    expect((await page(user.token, { category: SORTED, available: 'true' })).total).toBe(3);
  });

  it.each([
    [{ sort: 'best' }, 'sort must be one of relevance, popular, rating, newest, title.'],
    [{ available: 'yes' }, 'available must be true or false.'],
  ])('rejects %o with 400', async (query, detail) => {
    const user = await signUp();
    const reply = await call('GET', `/library/prompts?${new URLSearchParams(query)}`, { token: user.token });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
  });

  it('GET /library/prompts/{id}: the prompt with its forks, only the teaser below its tier, 404 when unknown', async () => {
    const user = await signUp();
    const open = await call('GET', `/library/prompts/free-a-${run}`, { token: user.token });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      id: `free-a-${run}`,
      body: entries[0]!.body,
      locked: false,
      category_name: CATEGORY,
      tasks: ['Writing', 'Email'],
      industries: ['SaaS'],
    });
    expect(typeof open.body.forks).toBe('number');
    const locked = await call('GET', `/library/prompts/elite-${run}`, { token: user.token });
    expect(locked.body).toMatchObject({ locked: true, access_tier: 'elite' });
    expect(locked.body.body.length).toBeLessThanOrEqual(81);
    expect(locked.body.body).not.toContain('[INPUT: topic]');
    const unknown = await call('GET', '/library/prompts/no-such-prompt', { token: user.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Library prompt not found.');
  });
});
