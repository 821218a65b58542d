import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import '../support/db';

/**
 * Version history: every content save keeps the previous content as a
 * version, in the prompt's partition, at most 50 per prompt; restore makes a new version.
 */
const { db, TABLE } = await import('../../functions/lib/data/db');
const { loadWorkspace } = await import('../../functions/lib/data/workspace-read');
const { personalPk } = await import('../../functions/lib/data/keys');
const { PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');

type User = Awaited<ReturnType<typeof signUp>>;

const newPrompt = async (user: User, overrides: Record<string, unknown> = {}) => {
  const reply = await call('POST', '/prompts/', { token: user.token, json: { title: 'Weekly report', body: 'Line one\nLine two', ...overrides } });
  expect(reply.status).toBe(201);
  return reply.body as { id: string; title: string; body: string; updated_at: string; version: number };
};
const save = (user: User, id: string, json: Record<string, unknown>) =>
  call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'Weekly report', ...json } });
const versions = async (user: User, id: string) => {
  const reply = await call('GET', `/prompts/${id}/versions`, { token: user.token });
  expect(reply.status).toBe(200);
  return reply.body.versions as {
    version: number;
    title: string;
    body: string;
    tasks: string[];
    industries: string[];
    saved_at: string;
    source: Record<string, unknown>;
    current: boolean;
  }[];
};
const listed = async (user: User, id: string) => ((await call('GET', '/prompts/', { token: user.token })).body.prompts as any[]).find((p) => p.id === id);
/** The snapshot items stored for a prompt (straight from the table). */
const snapshots = async (userId: string, promptId: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': `VERSION#${promptId}#` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('version history', () => {
  it('keeps the previous content of every save as a version, with its time and where it came from', async () => {
    const user = await signUp();
    const created = await newPrompt(user, { tasks: ['Writing'] });
    expect(created.version).toBe(1);

    expect((await save(user, created.id, { body: 'Line one\nLine 2', tasks: ['Writing'] })).status).toBe(204);
    expect((await save(user, created.id, { body: 'Line one, clearer\nLine 2', tasks: ['Writing'], source: 'enhance' })).status).toBe(204);

    const list = await versions(user, created.id);
    expect(list.map((v) => [v.version, v.current, v.source])).toEqual([
      [3, true, { kind: 'enhance' }],
      [2, false, { kind: 'edit' }],
      [1, false, { kind: 'create' }],
    ]);
    expect(list[2]).toMatchObject({ title: 'Weekly report', body: 'Line one\nLine two', tasks: ['Writing'], industries: [], saved_at: created.updated_at });
    expect(list[1]!.body).toBe('Line one\nLine 2');
    expect(list[0]!.body).toBe('Line one, clearer\nLine 2');
    expect(Date.parse(list[0]!.saved_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.saved_at));
    expect((await listed(user, created.id)).version).toBe(3);
    expect(await snapshots(user.id, created.id)).toHaveLength(2);
  });

  it('makes no version for a save that changes nothing, a favourite toggle or a category change alone', async () => {
    const user = await signUp();
    const created = await newPrompt(user);
    const category = (await call('POST', '/categories/', { token: user.token, json: { name: 'Reports' } })).body.id;

    expect((await save(user, created.id, { body: created.body })).status).toBe(204);
    expect((await call('PUT', `/prompts/${created.id}`, { token: user.token, json: { is_favorite: true } })).status).toBe(204);
    expect((await save(user, created.id, { body: created.body, category_id: category })).status).toBe(204);

    expect((await versions(user, created.id)).map((v) => v.version)).toEqual([1]);
    expect(await listed(user, created.id)).toMatchObject({ version: 1, is_favorite: true, category_id: category });

    // Tags are content: a change of tasks alone is a new version.
    expect((await save(user, created.id, { body: created.body, category_id: category, tasks: ['Reporting'] })).status).toBe(204);
    expect((await versions(user, created.id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('keeps at most 50 versions of a prompt, dropping the oldest', async () => {
    const user = await signUp();
    const created = await newPrompt(user, { body: 'body 1' });
    for (let i = 2; i <= 56; i++) expect((await save(user, created.id, { body: `body ${i}` })).status).toBe(204);

    const list = await versions(user, created.id);
    expect(list).toHaveLength(50);
    expect(list.map((v) => v.version)).toEqual(Array.from({ length: 50 }, (_, i) => 56 - i));
    expect(list.map((v) => v.body)).toEqual(Array.from({ length: 50 }, (_, i) => `body ${56 - i}`));
    expect(await snapshots(user.id, created.id)).toHaveLength(49);
  }, 60_000);

  it('restores an earlier version as a new version and overwrites nothing', async () => {
    const user = await signUp();
    const created = await newPrompt(user, { body: 'first', tasks: ['A'] });
    await save(user, created.id, { title: 'Renamed', body: 'second', tasks: ['B'] });
    await save(user, created.id, { title: 'Renamed', body: 'third', tasks: ['B'] });

    const restored = await call('POST', `/prompts/${created.id}/versions/1/restore`, { token: user.token });

    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: created.id, title: 'Weekly report', body: 'first', tasks: ['A'], version: 4 });
    const list = await versions(user, created.id);
    expect(list.map((v) => [v.version, v.body, v.source])).toEqual([
      [4, 'first', { kind: 'restore', version: 1 }],
      [3, 'third', { kind: 'edit' }],
      [2, 'second', { kind: 'edit' }],
      [1, 'first', { kind: 'create' }],
    ]);
    expect(await listed(user, created.id)).toMatchObject({ title: 'Weekly report', body: 'first', version: 4 });
  });

  it('refuses to restore the current version (400) and an unknown one (404), changing nothing', async () => {
    const user = await signUp();
    const created = await newPrompt(user);
    await save(user, created.id, { body: 'changed' });

    const current = await call('POST', `/prompts/${created.id}/versions/2/restore`, { token: user.token });
    const unknown = await call('POST', `/prompts/${created.id}/versions/9/restore`, { token: user.token });
    const garbage = await call('POST', `/prompts/${created.id}/versions/abc/restore`, { token: user.token });

    expect(current.status).toBe(400);
    expect(current.body.detail).toBe('Version 2 is already the current version.');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Version not found.');
    expect(garbage.status).toBe(404);
    expect((await versions(user, created.id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('loses no version when ten saves of one prompt race', async () => {
    const user = await signUp();
    const created = await newPrompt(user, { body: 'original' });
    const bodies = Array.from({ length: 10 }, (_, i) => `concurrent body ${i}`);

    const replies = await Promise.all(bodies.map((body) => save(user, created.id, { body })));

    expect(replies.map((r) => r.status)).toEqual(bodies.map(() => 204));
    const list = await versions(user, created.id);
    expect(list.map((v) => v.version)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(list.map((v) => v.body).sort()).toEqual(['original', ...bodies].sort());
    expect((await listed(user, created.id)).body).toBe(list[0]!.body);
  }, 60_000);

  it("answers 404 for another user's prompt and changes nothing", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const created = await newPrompt(owner);
    await save(owner, created.id, { body: 'changed' });

    expect((await call('GET', `/prompts/${created.id}/versions`, { token: other.token })).status).toBe(404);
    const restore = await call('POST', `/prompts/${created.id}/versions/1/restore`, { token: other.token });
    expect(restore.status).toBe(404);
    expect(restore.body.detail).toBe('Prompt not found.');
    expect((await call('GET', `/prompts/${randomUUID()}/versions`, { token: owner.token })).status).toBe(404);
    expect((await versions(owner, created.id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('deletes the versions with the prompt', async () => {
    const user = await signUp();
    const created = await newPrompt(user);
    await save(user, created.id, { body: 'two' });
    await save(user, created.id, { body: 'three' });
    expect(await snapshots(user.id, created.id)).toHaveLength(2);

    expect((await call('DELETE', `/prompts/${created.id}`, { token: user.token })).status).toBe(204);

    expect(await snapshots(user.id, created.id)).toEqual([]);
    expect((await call('GET', `/prompts/${created.id}/versions`, { token: user.token })).status).toBe(404);
  });

  it('lists a workspace with history without reading the versions', async () => {
    const user = await signUp();
    const a = await newPrompt(user, { title: 'A' });
    const b = await newPrompt(user, { title: 'B' });
    for (const body of ['two', 'three']) {
      await save(user, a.id, { title: 'A', body });
      await save(user, b.id, { title: 'B', body });
    }

    const list = await call('GET', '/prompts/', { token: user.token });
    const workspace = await loadWorkspace(personalPk(user.id));

    expect(list.body.prompts.map((p: any) => [p.title, p.version])).toEqual([
      ['B', 3],
      ['A', 3],
    ]);
    expect(workspace.prompts).toHaveLength(2);
    expect(workspace.items.filter((i) => i.type === 'prompt_version')).toEqual([]);
  });

  it('refuses an unknown save source or a version number in the body', async () => {
    const user = await signUp();
    const created = await newPrompt(user);

    const source = await save(user, created.id, { body: 'x', source: 'restore' });
    const version = await save(user, created.id, { body: 'x', version: 99 });

    expect(source.status).toBe(400);
    expect(version.status).toBe(400);
    // The body is either of PUT's two forms, so the detail is the union's; nothing is saved either way.
    expect(source.body.detail).toMatch(/source|Request body is invalid/);
    expect(version.body.detail).toMatch(/Unknown field: version\.|Request body is invalid/);
    expect((await versions(user, created.id)).map((v) => v.version)).toEqual([1]);
  });

  it('treats a prompt saved before version history as version 1', async () => {
    const user = await signUp();
    const id = randomUUID();
    const at = '2026-01-02T03:04:05.000Z';
    await db.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          pk: `USER#${user.id}`,
          sk: `PROMPT#${id}`,
          type: 'prompt',
          id,
          title: 'Old',
          body: 'old body',
          category_id: null,
          is_favorite: false,
          tasks: [],
          industries: [],
          created_at: at,
          updated_at: at,
        },
      }),
    );

    expect(await versions(user, id)).toEqual([
      {
        version: 1,
        title: 'Old',
        kind: 'text',
        body: 'old body',
        config: {},
        tasks: [],
        industries: [],
        saved_at: at,
        source: { kind: 'create' },
        current: true,
      },
    ]);
    expect((await save(user, id, { title: 'Old', body: 'new body' })).status).toBe(204);
    expect((await versions(user, id)).map((v) => [v.version, v.body])).toEqual([
      [2, 'new body'],
      [1, 'old body'],
    ]);
  });
});
