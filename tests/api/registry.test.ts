import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { db, getItem, TABLE } from '../support/db';

type User = Awaited<ReturnType<typeof signUp>>;
const create = async (user: User, title: string, body = 'Body') => (await call('POST', '/prompts/', { token: user.token, json: { title, body } })).body;
const save = (user: User, id: string, fields: Record<string, unknown>) =>
  call('PUT', `/prompts/${id}`, { token: user.token, json: { title: 'T', body: 'B', ...fields } });
const newKey = async (user: User) =>
  (await call('POST', '/api-keys', { token: user.token, json: { name: 'test', password: user.password } })).body.key as string;

describe('slugs', () => {
  it('are made from the title, Unicode-aware, unique in the workspace with a suffix, and editable', async () => {
    const user = await signUp();
    const other = await signUp();
    const a = await create(user, 'Café Menü — Weekly!');
    const b = await create(user, 'Café menü weekly');
    const c = await create(user, '日本語のメール');
    expect([a.slug, b.slug, c.slug]).toEqual(['cafe-menu-weekly', 'cafe-menu-weekly-2', '日本語のメール']);
    // Another workspace has its own slugs.
    expect((await create(other, 'Café Menü Weekly')).slug).toBe('cafe-menu-weekly');

    expect((await save(user, a.id, { title: 'Renamed', body: 'Body' })).status).toBe(204);
    const listed = (await call('GET', '/prompts/', { token: user.token })).body.prompts;
    expect(listed.find((p: any) => p.id === a.id).slug).toBe('cafe-menu-weekly'); // the title alone never moves it

    const taken = await save(user, a.id, { slug: 'cafe-menu-weekly-2' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('Another of your prompts already has this slug.');
    const bad = await save(user, a.id, { slug: 'Not A Slug' });
    expect(bad.status).toBe(400);

    expect((await save(user, a.id, { slug: 'weekly-menu' })).status).toBe(204);
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts.find((p: any) => p.id === a.id).slug).toBe('weekly-menu');
    // The old slug is free again; deleting a prompt frees its slug.
    expect((await save(user, b.id, { slug: 'cafe-menu-weekly' })).status).toBe(204);
    expect((await call('DELETE', `/prompts/${c.id}`, { token: user.token })).status).toBe(204);
    expect(await getItem({ pk: `USER#${user.id}`, sk: 'SLUG#日本語のメール' })).toBeUndefined();
    expect((await create(user, '日本語のメール')).slug).toBe('日本語のメール');
  });

  it('stay unique under concurrent creates with one title', async () => {
    const user = await signUp();
    const made = await Promise.all(Array.from({ length: 4 }, () => create(user, 'Same title')));
    expect(new Set(made.map((p) => p.slug)).size).toBe(4);
  });
});

describe('labels', () => {
  it('pin a version, move, show on versions and prompts, and go', async () => {
    const user = await signUp();
    const p = await create(user, 'Labelled', 'v1');
    await save(user, p.id, { title: 'Labelled', body: 'v2' });
    const set = await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 1 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ labels: { production: 1 } });
    await call('PUT', `/prompts/${p.id}/labels/staging`, { token: user.token, json: { version: 2 } });

    const versions = (await call('GET', `/prompts/${p.id}/versions`, { token: user.token })).body.versions;
    expect(versions.map((v: any) => [v.version, v.labels])).toEqual([
      [2, ['staging']],
      [1, ['production']],
    ]);
    expect((await call('GET', `/prompts/${(await create(user, 'Unlabelled')).id}/versions`, { token: user.token })).body.versions[0].labels).toBeUndefined();
    const labelsOf = async () => (await call('GET', '/prompts/', { token: user.token })).body.prompts.find((q: any) => q.id === p.id).labels;
    expect(await labelsOf()).toEqual({ production: 1, staging: 2 });

    expect((await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 2 } })).body.labels).toEqual({
      production: 2,
      staging: 2,
    });
    expect((await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 3 } })).status).toBe(404);
    expect((await call('PUT', `/prompts/${p.id}/labels/Prod`, { token: user.token, json: { version: 1 } })).status).toBe(400);
    expect((await call('PUT', `/prompts/${p.id}/labels/latest`, { token: user.token, json: { version: 1 } })).status).toBe(400);
    expect((await call('DELETE', `/prompts/${p.id}/labels/staging`, { token: user.token })).status).toBe(204);
    expect((await call('DELETE', `/prompts/${p.id}/labels/staging`, { token: user.token })).status).toBe(404);
    expect(await labelsOf()).toEqual({ production: 2 });
  });

  it('keep a labelled version beyond the history cap, and free it when the label leaves', async () => {
    const user = await signUp();
    const p = await create(user, 'Capped', 'v1');
    await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 1 } });
    for (let v = 2; v <= 52; v++) await save(user, p.id, { title: 'Capped', body: `v${v}` });
    const versions = (await call('GET', `/prompts/${p.id}/versions`, { token: user.token })).body.versions;
    // 50 in the window (3..52) plus the labelled version 1; version 2 was dropped.
    expect(versions.map((v: any) => v.version)).toEqual([...Array.from({ length: 50 }, (_, i) => 52 - i), 1]);
    expect(versions.at(-1)).toMatchObject({ version: 1, body: 'v1', labels: ['production'] });

    await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 52 } });
    expect(await getItem({ pk: `USER#${user.id}`, sk: `VERSION#${p.id}#000001` })).toBeUndefined();
  });
});

describe('registry', () => {
  it('serves the caller’s prompts by slug, label and version, to a session or an API key', async () => {
    const user = await signUp();
    const key = await newKey(user);
    const p = await create(user, 'Cold email', 'Write to [INPUT: name] in a [INPUT: tone=friendly|formal] tone.');
    await save(user, p.id, { title: 'Cold email', body: 'Email [INPUT: name] about [INPUT: topic].', tasks: ['Sales'] });
    await call('PUT', `/prompts/${p.id}/labels/production`, { token: user.token, json: { version: 1 } });

    const list = await call('GET', '/registry/prompts', { token: key });
    expect(list.status).toBe(200);
    expect(list.body.prompts).toEqual([
      {
        slug: 'cold-email',
        title: 'Cold email',
        kind: 'text',
        description: 'Email [INPUT: name] about [INPUT: topic].',
        version: 2,
        labels: { production: 1 },
        variables: [
          { type: 'INPUT', key: 'name' },
          { type: 'INPUT', key: 'topic' },
        ],
      },
    ]);

    const latest = await call('GET', '/registry/prompts/cold-email', { token: key });
    expect(latest.body).toEqual({
      slug: 'cold-email',
      title: 'Cold email',
      version: 2,
      labels: [],
      kind: 'text',
      body: 'Email [INPUT: name] about [INPUT: topic].',
      config: {},
      variables: [
        { type: 'INPUT', key: 'name' },
        { type: 'INPUT', key: 'topic' },
      ],
      tasks: ['Sales'],
      industries: [],
      updated_at: expect.any(String),
    });
    const production = await call('GET', '/registry/prompts/cold-email?label=production', { token: key });
    expect(production.body).toMatchObject({ version: 1, labels: ['production'], body: 'Write to [INPUT: name] in a [INPUT: tone=friendly|formal] tone.' });
    expect(production.body.variables).toEqual([
      { type: 'INPUT', key: 'name' },
      { type: 'INPUT', key: 'tone', default: 'friendly', choices: ['friendly', 'formal'] },
    ]);
    expect((await call('GET', '/registry/prompts/cold-email?version=1', { token: user.token })).body.version).toBe(1);

    expect((await call('GET', '/registry/prompts/cold-email?label=staging', { token: key })).status).toBe(404);
    expect((await call('GET', '/registry/prompts/cold-email?version=9', { token: key })).status).toBe(404);
    expect((await call('GET', '/registry/prompts/cold-email?version=x', { token: key })).status).toBe(400);
    expect((await call('GET', '/registry/prompts/cold-email?version=1&label=production', { token: key })).status).toBe(400);
    expect((await call('GET', '/registry/prompts/nope', { token: key })).status).toBe(404);
    // Another user's slug is 404, to their key and their session alike.
    const other = await signUp();
    expect((await call('GET', '/registry/prompts/cold-email', { token: await newKey(other) })).body).toEqual({ detail: 'Prompt not found.' });
    expect((await call('GET', '/registry/prompts/cold-email', { token: other.token })).status).toBe(404);
  });

  it('compiles on the server with snippets, profile values and directives; a missing INPUT is a 400 naming it', async () => {
    const user = await signUp();
    const key = await newKey(user);
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'Bio', snippet_content: 'We build tools.' } });
    await call('PUT', '/context/profile/role', { token: user.token, json: { value: 'CTO' } });
    await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' } });
    await create(user, 'Intro', 'I am the [PROFILE: role]. [SNIPPET: bio] Greet [INPUT: name] [INPUT: tone=warmly|coldly].');

    const compiled = await call('POST', '/registry/prompts/intro/compile', { token: key, json: { variables: { name: 'Ada' } } });
    expect(compiled.status).toBe(200);
    expect(compiled.body).toEqual({ kind: 'text', text: 'Be brief.\n\nI am the CTO. We build tools. Greet Ada warmly.', config: {} });
    const bare = await call('POST', '/registry/prompts/intro/compile', { token: key, json: { variables: { name: 'Ada', tone: 'coldly' }, directives: false } });
    expect(bare.body).toEqual({ kind: 'text', text: 'I am the CTO. We build tools. Greet Ada coldly.', config: {} });

    const missing = await call('POST', '/registry/prompts/intro/compile', { token: key, json: { variables: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Missing value for INPUT variable 'name' (no default).");
    const choice = await call('POST', '/registry/prompts/intro/compile', { token: key, json: { variables: { name: 'A', tone: 'loudly' } } });
    expect(choice.body.detail).toBe("Variable 'tone' must be one of: warmly, coldly.");
    expect((await call('POST', '/registry/prompts/intro/compile', { token: key, json: { variables: { name: 1 } } })).status).toBe(400);

    // A SNIPPET the workspace has no snippet for (and no default) is a 400 naming it too (issue 32, item 15: it compiled to '[sign-off]').
    await create(user, 'Outro', 'Bye [INPUT: name]. [SNIPPET: sign-off]');
    const noSnippet = await call('POST', '/registry/prompts/outro/compile', { token: key, json: { variables: { name: 'Ada' } } });
    expect(noSnippet.status).toBe(400);
    expect(noSnippet.body.detail).toBe("Missing snippet 'sign-off': no snippet of that name in the Context Library (no default).");
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'Sign-off', snippet_content: 'Cheers.' } });
    expect((await call('POST', '/registry/prompts/outro/compile', { token: key, json: { variables: { name: 'Ada' } } })).body.text).toBe(
      'Be brief.\n\nBye Ada. Cheers.',
    );
  });

  it('refuses a revoked key at once and records when a key was last used', async () => {
    const user = await signUp();
    const made = (await call('POST', '/api-keys', { token: user.token, json: { name: 'ci', password: user.password } })).body;
    await create(user, 'Used', 'Hi');
    expect((await call('GET', '/registry/prompts', { token: made.key })).status).toBe(200);
    // Reads run read-only; a compile (or an MCP call) records the use.
    expect((await call('GET', '/api-keys', { token: user.token })).body.keys[0].last_used_at).toBeNull();
    expect((await call('POST', '/registry/prompts/used/compile', { token: made.key, json: {} })).status).toBe(200);
    const [listed] = (await call('GET', '/api-keys', { token: user.token })).body.keys;
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.parse(made.created_at) - 1);

    await call('DELETE', `/api-keys/${made.id}`, { token: user.token });
    const refused = await call('GET', '/registry/prompts', { token: made.key });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('This API key is not valid or has been revoked.');
    expect((await call('GET', '/registry/prompts', { token: 'cst_not-a-real-key' })).status).toBe(401);
  });
});

describe('slug backfill', () => {
  it('gives prompts saved before slugs one, unique in the workspace, and is idempotent', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { backfillSlugs } = await import('../../functions/lib/migrations/backfill-slugs');
    const user = await signUp();
    const taken = await create(user, 'Old note');
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
          title: 'Old note',
          body: 'legacy',
          category_id: null,
          is_favorite: false,
          tasks: [],
          industries: [],
          created_at: at,
          updated_at: at,
        },
      }),
    );
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts.find((p: any) => p.id === id).slug).toBe('');

    expect(await backfillSlugs()).toBeGreaterThanOrEqual(1);
    expect(taken.slug).toBe('old-note');
    expect((await call('GET', '/prompts/', { token: user.token })).body.prompts.find((p: any) => p.id === id).slug).toBe('old-note-2');
    expect((await call('GET', '/registry/prompts/old-note-2', { token: user.token })).body.body).toBe('legacy');
    await backfillSlugs();
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` }))?.slug).toBe('old-note-2');
  });
});
