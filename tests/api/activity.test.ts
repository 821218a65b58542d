import { setTimeout as sleep } from 'node:timers/promises';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { db, seedTeam, setTier, TABLE } from '../support/db';

/**
 * The activity feed (issue 31): every change that emits an event (a version saved, a label moved,
 * a share, a fork, a delete) is in the workspace's feed and the prompt's, newest first, by name
 * (never an id), for every member and no one else; paged; in the account export. The feed is
 * written by the `events` worker on the test stack's local queue, a moment after the change.
 */
type User = Awaited<ReturnType<typeof signUp>>;
let owner: User;
let editor: User;
let viewer: User;
let stranger: User;
let team: string;
const inTeam = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${team}`;

/** The feed at `path` once it holds `count` events (the worker writes them just after the change). */
async function feed(token: string, path: string, count: number, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const reply = await call('GET', path, { token });
    if (reply.status !== 200 || reply.body.events.length >= count) return reply;
    if (Date.now() - started > timeoutMs) throw new Error(`${path}: ${reply.body.events.length} of ${count} events`);
    await sleep(100);
  }
}

beforeAll(async () => {
  [owner, editor, viewer, stranger] = await Promise.all([
    signUp({ first_name: 'Olga', last_name: 'Owner' }),
    signUp({ first_name: 'Eddie', last_name: 'Editor' }),
    signUp({ first_name: 'Vera', last_name: 'Viewer' }),
    signUp(),
  ]);
  await setTier(owner.id, 'pro');
  team = await seedTeam('Activity', 'pro', [
    { id: owner.id, role: 'owner' },
    { id: editor.id, role: 'editor' },
    { id: viewer.id, role: 'viewer' },
  ]);
}, 60_000);

describe('activity', () => {
  it('tells who saved, moved, shared and deleted, newest first, per prompt and per workspace', async () => {
    const made = await call('POST', inTeam('/prompts/'), { token: editor.token, json: { title: 'Brief', body: 'Write about [INPUT: topic].' } });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    await call('PUT', inTeam(`/prompts/${id}`), { token: editor.token, json: { title: 'Brief', body: 'Write briefly about [INPUT: topic].' } });
    // The same content again is no new version, and no event.
    await call('PUT', inTeam(`/prompts/${id}`), { token: editor.token, json: { title: 'Brief', body: 'Write briefly about [INPUT: topic].' } });
    expect((await call('PUT', inTeam(`/prompts/${id}/labels/production`), { token: owner.token, json: { version: 2 } })).status).toBe(200);
    expect((await call('POST', inTeam(`/prompts/${id}/share`), { token: owner.token })).status).toBe(201);
    const other = (await call('POST', inTeam('/prompts/'), { token: owner.token, json: { title: 'Gone', body: 'Soon gone.' } })).body.id as string;
    expect((await call('DELETE', inTeam(`/prompts/${other}`), { token: owner.token })).status).toBe(204);

    const prompt = await feed(viewer.token, inTeam(`/prompts/${id}/activity`), 4);
    expect(prompt.status).toBe(200);
    expect(prompt.body.events.map((e: any) => [e.type, e.actor.name, e.version ?? null, e.label ?? null])).toEqual([
      ['prompt.shared', 'Olga Owner', null, null],
      ['prompt.label.moved', 'Olga Owner', 2, 'production'],
      ['prompt.version.created', 'Eddie Editor', 2, null],
      ['prompt.version.created', 'Eddie Editor', 1, null],
    ]);
    for (const event of prompt.body.events) {
      expect(event).toMatchObject({ id: expect.any(String), at: expect.any(String), prompt_id: id, prompt_title: 'Brief' });
      expect(JSON.stringify(event)).not.toContain(owner.id);
      expect(JSON.stringify(event)).not.toContain(editor.id);
    }

    const all = (await feed(viewer.token, inTeam('/activity'), 6)).body.events;
    expect(all.map((e: any) => e.type)).toEqual([
      'prompt.deleted',
      'prompt.version.created',
      'prompt.shared',
      'prompt.label.moved',
      'prompt.version.created',
      'prompt.version.created',
    ]);
    expect(all[0]).toMatchObject({ prompt_id: other, prompt_title: 'Gone', actor: { name: 'Olga Owner' } });
    // The deleted prompt's own feed goes with it; the workspace's feed keeps telling of it.
    const promptFeedLeft = async () =>
      (
        await db.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :feed)',
            ExpressionAttributeValues: { ':pk': `TEAM#${team}`, ':feed': `XACT#P#${other}#` },
            ConsistentRead: true,
          }),
        )
      ).Items ?? [];
    await expect.poll(promptFeedLeft, { timeout: 30_000 }).toEqual([]);
    // Newest first by time.
    expect([...all.map((e: any) => e.at)].sort().reverse()).toEqual(all.map((e: any) => e.at));

    // Members only: a stranger's ?workspace= is 404, and their own feed holds none of it.
    expect((await call('GET', inTeam('/activity'), { token: stranger.token })).status).toBe(404);
    expect((await call('GET', inTeam(`/prompts/${id}/activity`), { token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/activity', { token: stranger.token })).body.events).toEqual([]);
    expect((await call('GET', `/prompts/${id}/activity`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/activity')).status).toBe(401);
  });

  it('records a forced move of a protected label as forced', async () => {
    const id = (await call('POST', inTeam('/prompts/'), { token: owner.token, json: { title: 'Gated', body: 'Gate [INPUT: x].' } })).body.id as string;
    await call('PUT', inTeam(`/prompts/${id}/labels/production/protection`), { token: owner.token, json: { require_checks: true } });
    expect((await call('PUT', inTeam(`/prompts/${id}/labels/production`), { token: owner.token, json: { version: 1 } })).status).toBe(409);
    expect((await call('PUT', inTeam(`/prompts/${id}/labels/production`), { token: owner.token, json: { version: 1, force: true } })).status).toBe(200);
    const [moved] = (await feed(owner.token, inTeam(`/prompts/${id}/activity`), 2)).body.events;
    expect(moved).toMatchObject({ type: 'prompt.label.moved', label: 'production', version: 1, forced: true, actor: { name: 'Olga Owner' } });
  });

  it("tells a fork, of a library prompt or of a shared link, in the forker's feed", async () => {
    const library = (await call('GET', '/library/prompts', { token: editor.token })).body.prompts.find((p: any) => p.access_tier === 'free');
    const fromLibrary = await call('POST', inTeam(`/prompts/fork/${library.id}`), { token: editor.token, json: {} });
    expect(fromLibrary.status).toBe(201);
    const shared = (await call('POST', '/prompts/', { token: stranger.token, json: { title: 'Shared', body: 'Shared [INPUT: x].' } })).body.id as string;
    const link = await call('POST', `/prompts/${shared}/share`, { token: stranger.token });
    const fromLink = await call('POST', inTeam(`/shared/${link.body.token}/fork`), { token: owner.token });
    expect(fromLink.status).toBe(201);
    for (const [reply, who] of [
      [fromLibrary, 'Eddie Editor'],
      [fromLink, 'Olga Owner'],
    ] as const) {
      const [forked] = (await feed(viewer.token, inTeam(`/prompts/${reply.body.id}/activity`), 1)).body.events;
      expect(forked).toMatchObject({ type: 'prompt.forked', actor: { name: who }, prompt_id: reply.body.id, prompt_title: reply.body.title, version: 1 });
    }
  });

  it('pages past 50 events with a signed cursor, and refuses a forged one', async () => {
    const user = await signUp({ first_name: 'Pat', last_name: 'Pager' });
    await setTier(user.id, 'pro');
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'Many', body: 'v1' } })).body.id as string;
    for (let v = 2; v <= 55; v++) await call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Many', body: `v${v}` } });
    // Every event written (the export reads the whole feed), then paged.
    let exported: any;
    for (const started = Date.now(); Date.now() - started < 30_000; await sleep(200)) {
      exported = (await call('GET', '/account/export', { token: user.token })).body;
      if (exported.activity.length >= 55) break;
    }
    const first = await call('GET', `/prompts/${id}/activity`, { token: user.token });
    expect(first.body.events).toHaveLength(50);
    expect(first.body.events[0].version).toBe(55);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await call('GET', `/prompts/${id}/activity?cursor=${encodeURIComponent(cursor!)}`, { token: user.token });
    expect(second.body.events.map((e: any) => e.version)).toEqual([5, 4, 3, 2, 1]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await call('GET', `/prompts/${id}/activity?cursor=forged.abc`, { token: user.token })).status).toBe(400);
    // A cursor of the prompt's feed is not one of the workspace's.
    expect((await call('GET', `/activity?cursor=${encodeURIComponent(cursor!)}`, { token: user.token })).status).toBe(400);

    // The account export carries the personal feed, by name.
    expect(exported.activity).toHaveLength(55);
    expect(exported.activity[0]).toMatchObject({ type: 'prompt.version.created', version: 55, actor: { name: 'Pat Pager' } });
    expect(JSON.stringify(exported.activity)).not.toContain(user.id);
  });
});
