import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import { call, signUp } from '../support/api';
import { library, setTier } from '../support/db';

/**
 * Library ratings from use (issue 30): a person rates a library prompt once they ran it (a run
 * naming it, or a run of their fork of it), one rating each and changeable, per library version;
 * nobody rates what their tier does not open (404); the library sorts by rating and by use (runs
 * and forks), from the snapshot's counts.
 */
const run = randomUUID().slice(0, 8);
const CATEGORY = `Rated ${run}`;
const entry = (id: string, title: string, access_tier: 'free' | 'pro', body = `Write about [INPUT: topic] ${run}.`): LibraryEntry => ({
  id: `${id}-${run}`,
  title: `${title} ${run}`,
  body,
  category: CATEGORY,
  tasks: ['Writing'],
  industries: [],
  access_tier,
});
const entries = [entry('alpha', 'Alpha', 'free'), entry('beta', 'Beta', 'free'), entry('gamma', 'Gamma', 'free'), entry('pro', 'Pro only', 'pro')];
const [ALPHA, BETA, , PRO] = entries.map((e) => e.id!) as [string, string, string, string];

type User = Awaited<ReturnType<typeof signUp>>;
const rate = (user: User, id: string, json: unknown) => call('PUT', `/library/prompts/${id}/rating`, { token: user.token, json });
const runPrompt = async (user: User, promptId: string) =>
  expect((await call('POST', '/engine/run', { token: user.token, json: { text: 'Write about tea.', prompt_id: promptId } })).status).toBe(200);
/** The run is noted after its answer: the first rating waits for it. */
const rateOnceNoted = async (user: User, id: string, stars: number) => {
  await expect.poll(async () => (await rate(user, id, { stars })).status, { timeout: 15_000 }).toBe(200);
  return (await rate(user, id, { stars })).body;
};
const rebuild = async () => (await import('../../functions/lib/services/library-snapshot/build')).requestRebuild();
const view = async (user: User, id: string) => (await call('GET', `/library/prompts/${id}`, { token: user.token })).body;

let ann: User;
let bob: User;
let cat: User;

beforeAll(async () => {
  await library.upsertEntries(entries, 'curator@construct.test');
  [ann, bob, cat] = await Promise.all([signUp(), signUp(), signUp()]);
}, 120_000);

describe('PUT /library/prompts/{id}/rating', () => {
  it('refuses a person who has not run the prompt with 403 and a detail, and stores nothing', async () => {
    const reply = await rate(ann, ALPHA, { stars: 4 });
    expect(reply.status).toBe(403);
    expect(reply.body.detail).toMatch(/Run this prompt .* before rating it/);
    const state = await call('GET', `/library/prompts/${ALPHA}/rating`, { token: ann.token });
    expect(state.body).toEqual({ stars: null, older_version: false, average: null, count: 0, can_rate: false });
  });

  it('takes a rating after a run naming the prompt, changeable, one per person', async () => {
    await runPrompt(ann, ALPHA);
    await runPrompt(ann, ALPHA);
    expect(await rateOnceNoted(ann, ALPHA, 4)).toEqual({ stars: 4, average: 4, count: 1 });
    expect((await rate(ann, ALPHA, { stars: 2 })).body).toEqual({ stars: 2, average: 2, count: 1 });

    // The run is noted before its `end` event: a client that reads the rating on `end` may rate at once.
    const events = await call('POST', '/engine/run', {
      token: bob.token,
      json: { text: 'Write about tea.', prompt_id: ALPHA },
      headers: { accept: 'application/x-ndjson' },
    });
    expect(events.status).toBe(200);
    expect(JSON.parse((events.body as string).trim().split('\n').at(-1)!)).toMatchObject({ type: 'end', outcome: 'complete' });
    expect((await call('GET', `/library/prompts/${ALPHA}/rating`, { token: bob.token })).body).toMatchObject({ can_rate: true });
    expect((await rate(bob, ALPHA, { stars: 5 })).body).toEqual({ stars: 5, average: 3.5, count: 2 });
    const state = await call('GET', `/library/prompts/${ALPHA}/rating`, { token: ann.token });
    expect(state.body).toEqual({ stars: 2, older_version: false, average: 3.5, count: 2, can_rate: true });
  });

  it('takes a rating after a run of the person’s fork of the prompt', async () => {
    const fork = await call('POST', `/prompts/fork/${BETA}`, { token: cat.token, json: { category_id: null } });
    expect(fork.status).toBe(201);
    expect((await rate(cat, BETA, { stars: 5 })).status).toBe(403);
    await runPrompt(cat, fork.body.id);
    expect(await rateOnceNoted(cat, BETA, 5)).toEqual({ stars: 5, average: 5, count: 1 });
  });

  it('refuses bad stars with 400 and changes nothing', async () => {
    for (const body of [{ stars: 0 }, { stars: 6 }, { stars: 2.5 }, { stars: '5' }, {}, { stars: 3, average: 5 }]) {
      const reply = await rate(ann, ALPHA, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.detail).toEqual(expect.any(String));
    }
    expect((await call('GET', `/library/prompts/${ALPHA}/rating`, { token: ann.token })).body).toMatchObject({ stars: 2, average: 3.5, count: 2 });
  });

  it('answers 404 for a prompt above the caller’s tier, even after a run naming it, and for an unknown one', async () => {
    await runPrompt(ann, PRO);
    for (let i = 0; i < 3; i++) {
      expect((await rate(ann, PRO, { stars: 5 })).status).toBe(404);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect((await call('GET', `/library/prompts/${PRO}/rating`, { token: ann.token })).status).toBe(404);
    expect((await rate(ann, `missing-${run}`, { stars: 5 })).status).toBe(404);
    // Once the plan opens it, the run counts: it was not noted while locked, so a new run is needed.
    await setTier(ann.id, 'pro');
    expect((await rate(ann, PRO, { stars: 5 })).status).toBe(403);
    await runPrompt(ann, PRO);
    expect(await rateOnceNoted(ann, PRO, 3)).toEqual({ stars: 3, average: 3, count: 1 });
  });
});

describe('the library shows ratings and sorts by rating and by use', () => {
  it('cards carry runs and the rating; sort=rating and sort=popular order by them', async () => {
    await rebuild();
    const alpha = await view(cat, ALPHA);
    expect(alpha).toMatchObject({ runs: 3, forks: 0, rating: { average: 3.5, count: 2, older_version: false } });
    expect(await view(cat, BETA)).toMatchObject({ runs: 1, forks: 1, rating: { average: 5, count: 1, older_version: false } });

    const titles = async (sort: string) =>
      (await call('GET', `/library/prompts?${new URLSearchParams({ category: CATEGORY, sort })}`, { token: cat.token })).body.prompts.map(
        (p: { title: string }) => p.title.split(' ')[0],
      );
    // Pro (locked for this caller) has Ann's 3 stars and her one run as a pro; Gamma nothing.
    expect(await titles('rating')).toEqual(['Beta', 'Alpha', 'Pro', 'Gamma']);
    expect(await titles('popular')).toEqual(['Alpha', 'Beta', 'Pro', 'Gamma']);
    expect((await call('GET', `/library/prompts?sort=stars`, { token: cat.token })).status).toBe(400);
  });

  it('says a rating is for an older version once the prompt changed, and a new rating is for the new version', async () => {
    await new Promise((r) => setTimeout(r, 5));
    await library.upsertEntries([entry('alpha', 'Alpha', 'free', `Write briefly about [INPUT: topic] ${run}.`)], 'curator@construct.test');
    await rebuild();
    expect(await view(cat, ALPHA)).toMatchObject({ rating: { average: 3.5, count: 2, older_version: true } });
    const state = await call('GET', `/library/prompts/${ALPHA}/rating`, { token: ann.token });
    expect(state.body).toEqual({ stars: 2, older_version: true, average: null, count: 0, can_rate: true });

    // Ann's one rating moves to the new version: the old version keeps Bob's.
    expect((await rate(ann, ALPHA, { stars: 4 })).body).toEqual({ stars: 4, average: 4, count: 1 });
    await rebuild();
    expect(await view(cat, ALPHA)).toMatchObject({ rating: { average: 4, count: 1, older_version: false } });
  });
});
