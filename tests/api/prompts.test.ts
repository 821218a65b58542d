import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';

const prompt = (overrides: Record<string, unknown> = {}) => ({ title: 'Weekly report', body: 'Summarise [INPUT: notes] for [PROFILE: team].', ...overrides });

async function listPrompts(token: string) {
  const reply = await call('GET', '/prompts/', { token });
  expect(reply.status).toBe(200);
  return reply.body as { prompts: any[]; filters: { tasks: string[]; industries: string[] } };
}

describe('prompts', () => {
  it('creates, lists, replaces, favourites and deletes a prompt', async () => {
    const user = await signUp();

    const created = await call('POST', '/prompts/', { token: user.token, json: prompt({ tasks: 'Writing, Summaries, writing ,', industries: ['Tech'] }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      title: 'Weekly report',
      category_id: null,
      category_name: null,
      is_favorite: false,
      tasks: ['Writing', 'Summaries', 'writing'],
      industries: ['Tech'],
    });
    const id = created.body.id;

    let list = await listPrompts(user.token);
    expect(list.prompts.map((p) => p.id)).toEqual([id]);
    expect(list.filters).toEqual({ tasks: ['Summaries', 'Writing', 'writing'], industries: ['Tech'] });

    const replaced = await call('PUT', `/prompts/${id}`, {
      token: user.token,
      json: { title: 'Monthly report', body: 'New body', category_id: null, tasks: [], industries: [] },
    });
    expect(replaced.status).toBe(204);
    const favourite = await call('PUT', `/prompts/${id}`, { token: user.token, json: { is_favorite: true } });
    expect(favourite.status).toBe(204);

    list = await listPrompts(user.token);
    expect(list.prompts[0]).toMatchObject({ title: 'Monthly report', body: 'New body', is_favorite: true, tasks: [] });

    // A full replace without is_favorite keeps the flag.
    await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Again', body: 'Body' } });
    expect((await listPrompts(user.token)).prompts[0].is_favorite).toBe(true);

    expect((await call('DELETE', `/prompts/${id}`, { token: user.token })).status).toBe(204);
    expect((await listPrompts(user.token)).prompts).toEqual([]);
    expect((await call('DELETE', `/prompts/${id}`, { token: user.token })).status).toBe(404);
  });

  it('lists newest first', async () => {
    const user = await signUp();
    for (const title of ['one', 'two', 'three']) await call('POST', '/prompts/', { token: user.token, json: prompt({ title }) });

    expect((await listPrompts(user.token)).prompts.map((p) => p.title)).toEqual(['three', 'two', 'one']);
  });

  it.each([
    ['an empty title', { title: '   ' }, 'Title is required.'],
    ['a 141-character title', { title: 'x'.repeat(141) }, 'Title must be at most 140 characters.'],
    ['an empty body', { body: ' \n ' }, 'Body is required.'],
    ['an oversized body', { body: 'x'.repeat(20_001) }, 'Body must be at most 20000 characters.'],
    ['a non-boolean favourite', { is_favorite: 'yes' }, 'is_favorite must be a boolean.'],
    ['an owner field', { user_id: 'someone' }, 'Unknown field: user_id.'],
    ['too many tags', { tasks: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tasks may have at most 20 entries.'],
  ])('rejects %s with 400 and writes nothing', async (_, change, detail) => {
    const user = await signUp();

    const reply = await call('POST', '/prompts/', { token: user.token, json: prompt(change) });

    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
    expect((await listPrompts(user.token)).prompts).toEqual([]);
  });

  it('accepts a 140-character title', async () => {
    const user = await signUp();
    const reply = await call('POST', '/prompts/', { token: user.token, json: prompt({ title: 'x'.repeat(140) }) });
    expect(reply.status).toBe(201);
  });

  it('stops a free user at 5 prompts with the plan-limit message, and frees a slot on delete', async () => {
    const user = await signUp();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await call('POST', '/prompts/', { token: user.token, json: prompt({ title: `p${i}` }) })).body.id);

    const sixth = await call('POST', '/prompts/', { token: user.token, json: prompt() });
    expect(sixth.status).toBe(403);
    expect(sixth.body).toEqual({ detail: 'You have reached your limit of 5 prompts. Please upgrade your plan.' });

    await call('DELETE', `/prompts/${ids[0]}`, { token: user.token });
    expect((await call('POST', '/prompts/', { token: user.token, json: prompt() })).status).toBe(201);
  });

  it('lets exactly one of 50 concurrent creates at limit-1 through', async () => {
    const user = await signUp();
    for (let i = 0; i < 4; i++) await call('POST', '/prompts/', { token: user.token, json: prompt({ title: `p${i}` }) });

    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('POST', '/prompts/', { token: user.token, json: prompt({ title: `race ${i}` }) })),
    );

    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 403)).toHaveLength(49);
    expect((await listPrompts(user.token)).prompts).toHaveLength(5);
  });

  it("answers 404 for every verb on another user's prompt and changes nothing", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const { body } = await call('POST', '/prompts/', { token: owner.token, json: prompt() });

    expect((await call('PUT', `/prompts/${body.id}`, { token: intruder.token, json: { is_favorite: true } })).status).toBe(404);
    expect((await call('PUT', `/prompts/${body.id}`, { token: intruder.token, json: prompt({ title: 'hijacked' }) })).status).toBe(404);
    expect((await call('DELETE', `/prompts/${body.id}`, { token: intruder.token })).status).toBe(404);
    expect((await listPrompts(intruder.token)).prompts).toEqual([]);
    expect((await listPrompts(owner.token)).prompts[0]).toMatchObject({ title: 'Weekly report', is_favorite: false });
  });

  it('needs a token', async () => {
    expect((await call('GET', '/prompts/')).status).toBe(401);
    expect((await call('POST', '/prompts/', { json: prompt() })).status).toBe(401);
  });
});

describe('categories', () => {
  it('keeps prompt_count right through create, move, delete and category deletion', async () => {
    const user = await signUp();
    const a = (await call('POST', '/categories/', { token: user.token, json: { name: ' Marketing ' } })).body;
    const b = (await call('POST', '/categories/', { token: user.token, json: { name: 'Code' } })).body;
    expect(a).toEqual({ id: expect.any(String), name: 'Marketing', prompt_count: 0 });

    const p1 = (await call('POST', '/prompts/', { token: user.token, json: prompt({ category_id: a.id }) })).body;
    const p2 = (await call('POST', '/prompts/', { token: user.token, json: prompt({ category_id: a.id }) })).body;
    expect(p1.category_name).toBe('Marketing');
    const counts = async () => Object.fromEntries((await call('GET', '/categories/', { token: user.token })).body.map((c: any) => [c.name, c.prompt_count]));
    expect(await counts()).toEqual({ Code: 0, Marketing: 2 });

    await call('PUT', `/prompts/${p2.id}`, { token: user.token, json: prompt({ category_id: b.id }) });
    expect(await counts()).toEqual({ Code: 1, Marketing: 1 });

    await call('DELETE', `/prompts/${p1.id}`, { token: user.token });
    expect(await counts()).toEqual({ Code: 1, Marketing: 0 });

    expect((await call('DELETE', `/categories/${b.id}`, { token: user.token })).status).toBe(204);
    expect(await counts()).toEqual({ Marketing: 0 });
    const [remaining] = (await listPrompts(user.token)).prompts;
    expect(remaining).toMatchObject({ id: p2.id, category_id: null, category_name: null });
  });

  it('renames, rejecting blank, over-60 and duplicate names', async () => {
    const user = await signUp();
    const a = (await call('POST', '/categories/', { token: user.token, json: { name: 'Sales' } })).body;
    await call('POST', '/categories/', { token: user.token, json: { name: 'Support' } });

    expect((await call('PUT', `/categories/${a.id}`, { token: user.token, json: { name: 'Revenue' } })).status).toBe(204);
    expect((await call('PUT', `/categories/${a.id}`, { token: user.token, json: { name: '  ' } })).body.detail).toBe('Category name is required.');
    expect((await call('PUT', `/categories/${a.id}`, { token: user.token, json: { name: 'x'.repeat(61) } })).body.detail).toBe(
      'Category name must be at most 60 characters.',
    );
    const duplicate = await call('PUT', `/categories/${a.id}`, { token: user.token, json: { name: 'support' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe('A category with this name already exists.');

    const names = (await call('GET', '/categories/', { token: user.token })).body.map((c: any) => c.name);
    expect(names).toEqual(['Revenue', 'Support']);
    // The old name is free again.
    expect((await call('POST', '/categories/', { token: user.token, json: { name: 'Sales' } })).status).toBe(201);
  });

  it('stops a free user at 3 categories, also under 50 concurrent creates', async () => {
    const user = await signUp();
    await call('POST', '/categories/', { token: user.token, json: { name: 'one' } });
    await call('POST', '/categories/', { token: user.token, json: { name: 'two' } });

    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => call('POST', '/categories/', { token: user.token, json: { name: `race ${i}` } })));

    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.find((r) => r.status === 403)?.body).toEqual({ detail: 'You have reached your limit of 3 categories. Please upgrade your plan.' });
    expect((await call('GET', '/categories/', { token: user.token })).body).toHaveLength(3);
  });

  it("refuses a prompt in a category that does not exist or is someone else's (404)", async () => {
    const owner = await signUp();
    const other = await signUp();
    const category = (await call('POST', '/categories/', { token: owner.token, json: { name: 'Mine' } })).body;

    const reply = await call('POST', '/prompts/', { token: other.token, json: prompt({ category_id: category.id }) });

    expect(reply.status).toBe(404);
    expect(reply.body.detail).toBe('Category not found.');
    expect((await listPrompts(other.token)).prompts).toEqual([]);
    // The failed create did not use up a slot.
    for (let i = 0; i < 5; i++) expect((await call('POST', '/prompts/', { token: other.token, json: prompt() })).status).toBe(201);
  });

  it("answers 404 for another user's category on rename and delete", async () => {
    const owner = await signUp();
    const intruder = await signUp();
    const category = (await call('POST', '/categories/', { token: owner.token, json: { name: 'Private' } })).body;

    expect((await call('PUT', `/categories/${category.id}`, { token: intruder.token, json: { name: 'Mine now' } })).status).toBe(404);
    expect((await call('DELETE', `/categories/${category.id}`, { token: intruder.token })).status).toBe(404);
    expect((await call('GET', '/categories/', { token: owner.token })).body).toEqual([{ id: category.id, name: 'Private', prompt_count: 0 }]);
  });
});
