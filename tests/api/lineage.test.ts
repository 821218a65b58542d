import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { LibraryEntry } from '@shared/contract/library';
import type { Tier } from '@shared/tiers';
import { adminToken, call, signUp } from '../support/api';
import { getItem, library, seedTeam, setTier } from '../support/db';

/**
 * Fork lineage: a fork remembers its library original; when the original's
 * content changes the fork's card says so, and the user pulls the change in (a new version) or
 * dismisses it.
 */
type User = Awaited<ReturnType<typeof signUp>>;

/** A fresh library prompt; `change` rewrites it the way the curators' import does (upsert by id). */
async function libraryPrompt(tier: Tier = 'free') {
  const id = `lineage-${randomUUID().slice(0, 8)}`;
  const entry: LibraryEntry = {
    id,
    title: `Lineage ${id}`,
    body: 'Intro line\nAsk about [INPUT: topic]',
    category: null,
    tasks: ['Writing'],
    industries: [],
    access_tier: tier,
  };
  await library.upsertEntries([entry], 'curator@construct.test');
  return {
    id,
    entry,
    change: async (fields: Partial<LibraryEntry>) => {
      Object.assign(entry, fields);
      await library.upsertEntries([entry], 'curator@construct.test');
    },
  };
}

async function fork(user: User, libraryId: string) {
  const reply = await call('POST', `/prompts/fork/${libraryId}`, { token: user.token, json: {} });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; title: string; body: string; version: number; library_update: boolean };
}
const listed = async (user: User, id: string) => ((await call('GET', '/prompts/', { token: user.token })).body.prompts as any[]).find((p) => p.id === id);
const versions = async (user: User, id: string) => (await call('GET', `/prompts/${id}/versions`, { token: user.token })).body.versions as any[];

describe('fork lineage', () => {
  it('flags a fork whose original changed, shows both, and pulls the change in as a new version', async () => {
    const user = await signUp();
    const original = await libraryPrompt();
    const copy = await fork(user, original.id);
    expect(copy).toMatchObject({ version: 1, library_update: false });
    expect(await listed(user, copy.id)).toMatchObject({ forked_from: original.id, library_update: false });
    expect((await versions(user, copy.id))[0].source).toEqual({ kind: 'fork', library_prompt_id: original.id });

    await original.change({ body: 'Intro line\nAsk about [INPUT: topic] in depth', tasks: ['Writing', 'Research'] });

    expect((await listed(user, copy.id)).library_update).toBe(true);
    const update = await call('GET', `/prompts/${copy.id}/library-update`, { token: user.token });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      prompt: { title: original.entry.title, body: 'Intro line\nAsk about [INPUT: topic]' },
      library: {
        id: original.id,
        title: original.entry.title,
        body: 'Intro line\nAsk about [INPUT: topic] in depth',
        tasks: ['Writing', 'Research'],
        industries: [],
      },
      changed: true,
    });

    const pulled = await call('POST', `/prompts/${copy.id}/library-update/pull`, { token: user.token });

    expect(pulled.status).toBe(200);
    expect(pulled.body).toMatchObject({
      id: copy.id,
      body: 'Intro line\nAsk about [INPUT: topic] in depth',
      tasks: ['Writing', 'Research'],
      version: 2,
      library_update: false,
    });
    expect(await listed(user, copy.id)).toMatchObject({ version: 2, library_update: false, body: 'Intro line\nAsk about [INPUT: topic] in depth' });
    expect((await versions(user, copy.id)).map((v) => [v.version, v.source, v.body])).toEqual([
      [2, { kind: 'library', library_prompt_id: original.id }, 'Intro line\nAsk about [INPUT: topic] in depth'],
      [1, { kind: 'fork', library_prompt_id: original.id }, 'Intro line\nAsk about [INPUT: topic]'],
    ]);
    expect((await call('GET', `/prompts/${copy.id}/library-update`, { token: user.token })).body.changed).toBe(false);
  });

  it("keeps the user's own edits as versions when a change is pulled over them", async () => {
    const user = await signUp();
    const original = await libraryPrompt();
    const copy = await fork(user, original.id);
    const forkedTitle = original.entry.title;
    await call('PUT', `/prompts/${copy.id}`, { token: user.token, json: { title: 'My take', body: 'My own wording' } });
    await original.change({ title: 'Curated title v2' });

    const pulled = await call('POST', `/prompts/${copy.id}/library-update/pull`, { token: user.token });

    expect(pulled.body).toMatchObject({ title: 'Curated title v2', body: original.entry.body, version: 3 });
    expect((await versions(user, copy.id)).map((v) => [v.version, v.title])).toEqual([
      [3, 'Curated title v2'],
      [2, 'My take'],
      [1, forkedTitle],
    ]);
  });

  it('dismisses a change: the flag clears, the content stays, a later change flags again', async () => {
    const user = await signUp();
    const original = await libraryPrompt();
    const copy = await fork(user, original.id);
    await original.change({ body: 'Rewritten by the curators' });
    expect((await listed(user, copy.id)).library_update).toBe(true);

    const dismissed = await call('POST', `/prompts/${copy.id}/library-update/dismiss`, { token: user.token });

    expect(dismissed.status).toBe(204);
    expect(await listed(user, copy.id)).toMatchObject({ library_update: false, body: 'Intro line\nAsk about [INPUT: topic]', version: 1 });
    expect(await versions(user, copy.id)).toHaveLength(1);
    await original.change({ body: 'Rewritten again' });
    expect((await listed(user, copy.id)).library_update).toBe(true);
  });

  it('does not flag a tier change or a re-import of the same content', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const original = await libraryPrompt();
    const copy = await fork(user, original.id);
    const admin = await adminToken();

    expect((await call('PATCH', `/admin/prompts/${original.id}/tier`, { token: admin, json: { access_tier: 'pro' } })).status).toBe(204);
    await original.change({ access_tier: 'pro' });

    expect((await listed(user, copy.id)).library_update).toBe(false);
    expect((await call('GET', `/prompts/${copy.id}/library-update`, { token: user.token })).body.changed).toBe(false);
  });

  it('shows no flag and refuses the update once the plan no longer includes the original', async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const original = await libraryPrompt('pro');
    const copy = await fork(user, original.id);
    await original.change({ body: 'Pro content, revised' });
    expect((await listed(user, copy.id)).library_update).toBe(true);

    await setTier(user.id, 'free');

    expect((await listed(user, copy.id)).library_update).toBe(false);
    for (const [method, path] of [
      ['GET', 'library-update'],
      ['POST', 'library-update/pull'],
      ['POST', 'library-update/dismiss'],
    ] as const) {
      const reply = await call(method, `/prompts/${copy.id}/${path}`, { token: user.token });
      expect(reply.status, path).toBe(403);
      expect(reply.body.detail).toBe('This prompt is part of the Pro plan. Upgrade your plan to use it.');
    }
    expect((await listed(user, copy.id)).body).toBe('Intro line\nAsk about [INPUT: topic]');
  });

  it("answers 404 for a prompt that is not a fork, a deleted original and another user's fork", async () => {
    const [user, other] = await Promise.all([signUp(), signUp()]);
    const own = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Mine', body: 'Mine' } })).body;
    const original = await libraryPrompt();
    const copy = await fork(user, original.id);

    const notFork = await call('GET', `/prompts/${own.id}/library-update`, { token: user.token });
    const theirs = await call('POST', `/prompts/${copy.id}/library-update/pull`, { token: other.token });
    expect(notFork.status).toBe(404);
    expect(notFork.body.detail).toBe('This prompt is not a copy of a library prompt.');
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe('Prompt not found.');

    const admin = await adminToken();
    expect((await call('DELETE', `/admin/prompts/${original.id}`, { token: admin })).status).toBe(204);

    const gone = await call('GET', `/prompts/${copy.id}/library-update`, { token: user.token });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('The library prompt this was copied from no longer exists.');
    expect(await listed(user, copy.id)).toMatchObject({ library_update: false, version: 1 });
  });
});

/**
 * The tier of a fork's content follows it: a pull takes the original's tier in with its text, and
 * the paths that keep tiered content from people without the tier (share links, team workspaces,
 * 'Move/copy to…') judge the content the fork holds now, not the tier it was forked at.
 */
describe("the tier of a fork's content", () => {
  const TIERED_SHARE = 'This prompt was copied from a Pro or Elite library prompt, so it cannot be shared publicly.';
  const inTeam = (path: string, team: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${team}`;
  const eliteWithTeam = async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const team = await seedTeam('Tiers', 'elite', [{ id: user.id, role: 'owner' }]);
    return { user, team };
  };

  it('a pull of text raised to Elite makes the fork Elite: no share link, no copy into a team', async () => {
    const { user, team } = await eliteWithTeam();
    const original = await libraryPrompt('free');
    const copy = await fork(user, original.id);
    await original.change({ access_tier: 'elite', body: 'Elite-only wording' });

    const pulled = await call('POST', `/prompts/${copy.id}/library-update/pull`, { token: user.token });
    expect(pulled.status).toBe(200);
    expect(pulled.body.body).toBe('Elite-only wording');
    expect(await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${copy.id}` })).toMatchObject({ forked_tier: 'elite' });

    const share = await call('POST', `/prompts/${copy.id}/share`, { token: user.token });
    expect(share.status).toBe(403);
    expect(share.body.detail).toBe(TIERED_SHARE);
    const copied = await call('POST', `/prompts/${copy.id}/copy`, { token: user.token, json: { to: team } });
    expect(copied.status).toBe(403);
    expect(copied.body.detail).toMatch(/personal workspace only/);
    expect((await call('GET', inTeam('/prompts/', team), { token: user.token })).body.prompts).toEqual([]);
  });

  it('a team workspace offers no pull of tiered text and refuses one', async () => {
    const { user, team } = await eliteWithTeam();
    const original = await libraryPrompt('free');
    const made = await call('POST', inTeam(`/prompts/fork/${original.id}`, team), { token: user.token, json: {} });
    expect(made.status).toBe(201);
    await original.change({ access_tier: 'elite', body: 'Elite-only wording' });

    const listed = ((await call('GET', inTeam('/prompts/', team), { token: user.token })).body.prompts as any[]).find((p) => p.id === made.body.id);
    expect(listed.library_update).toBe(false);
    for (const [method, path] of [
      ['GET', 'library-update'],
      ['POST', 'library-update/pull'],
    ] as const) {
      const reply = await call(method, inTeam(`/prompts/${made.body.id}/${path}`, team), { token: user.token });
      expect(reply.status, path).toBe(403);
      expect(reply.body.detail, path).toMatch(/personal workspace only/);
    }
    expect(await getItem({ pk: `TEAM#${team}`, sk: `PROMPT#${made.body.id}` })).toMatchObject({ body: 'Intro line\nAsk about [INPUT: topic]', version: 1 });
  });

  it('a shared fork: a pull of tiered text is refused, and the link stops once the library sells the text it holds', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    const original = await libraryPrompt('free');
    const copy = await fork(user, original.id);
    const shared = await call('POST', `/prompts/${copy.id}/share`, { token: user.token });
    expect(shared.status).toBe(201);
    const link = () => call('GET', `/shared/${shared.body.token}`);
    const page = () => call('GET', `/s/${shared.body.token}`, { base: inject('baseUrl') });

    await original.change({ access_tier: 'pro', body: 'Pro-only wording' });
    const pull = await call('POST', `/prompts/${copy.id}/library-update/pull`, { token: user.token });
    expect(pull.status).toBe(403);
    expect(pull.body.detail).toBe(
      'This prompt is shared by a public link, and the library version is part of the Pro plan. Stop sharing it to take the update in.',
    );
    expect((await link()).body.body).toBe('Intro line\nAsk about [INPUT: topic]');

    // The original raised without a text change: the fork holds what the library now sells.
    const still = await libraryPrompt('free');
    const copy2 = await fork(user, still.id);
    const shared2 = await call('POST', `/prompts/${copy2.id}/share`, { token: user.token });
    expect((await call('GET', `/shared/${shared2.body.token}`)).status).toBe(200);
    const admin = await adminToken();
    expect((await call('PATCH', `/admin/prompts/${still.id}/tier`, { token: admin, json: { access_tier: 'elite' } })).status).toBe(204);
    const gone = await call('GET', `/shared/${shared2.body.token}`);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).not.toContain('Ask about');
    const gonePage = await call('GET', `/s/${shared2.body.token}`, { base: inject('baseUrl') });
    expect(gonePage.status).toBe(404);
    expect(String(gonePage.body)).not.toContain('Ask about');
    const reader = await signUp();
    expect((await call('POST', `/shared/${shared2.body.token}/fork`, { token: reader.token })).status).toBe(404);
    const again = await call('POST', `/prompts/${copy2.id}/share`, { token: user.token });
    expect(again.status).toBe(403);
    expect(again.body.detail).toBe(TIERED_SHARE);
    expect((await page()).status).toBe(200);
  });
});
