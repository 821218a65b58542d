import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Construct } from '../../sdk/src/index';
import { apiUrl, call, signUp } from '../support/api';
import { dropMember, getItem, library, seedTeam, setTier } from '../support/db';

/**
 * A team's workspace through the routes people already use, with `?workspace=<team id>`
 * (docs/architecture.md, "Team workspaces"): members see one shared set of prompts, categories,
 * snippets and directives; viewers only read; a stranger meets 404; the team's plan sets its
 * limits; removing a member ends their access on their next request.
 */
type User = Awaited<ReturnType<typeof signUp>>;
let owner: User;
let editor: User;
let viewer: User;
let stranger: User;
let team: string;
const inTeam = (path: string, id = team) => `${path}${path.includes('?') ? '&' : '?'}workspace=${id}`;
const prompt = (title: string) => ({
  title,
  body: `${title}: write about [INPUT: topic] using [SNIPPET: house-style]`,
  category_id: null,
  tasks: [],
  industries: [],
});
const titles = async (user: User, path: string) => ((await call('GET', path, { token: user.token })).body.prompts as { title: string }[]).map((p) => p.title);

beforeAll(async () => {
  [owner, editor, viewer, stranger] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  await setTier(owner.id, 'pro');
  team = await seedTeam('Growth', 'pro', [
    { id: owner.id, role: 'owner' },
    { id: editor.id, role: 'editor' },
    { id: viewer.id, role: 'viewer' },
  ]);
}, 60_000);

describe('a team workspace', () => {
  it('is shared by its members and apart from each personal workspace', async () => {
    const made = await call('POST', inTeam('/prompts/'), { token: editor.token, json: prompt('Team brief') });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await call('POST', '/prompts/', { token: editor.token, json: prompt('My own note') });

    for (const member of [owner, editor, viewer]) expect(await titles(member, inTeam('/prompts/'))).toEqual(['Team brief']);
    expect(await titles(editor, '/prompts/')).toEqual(['My own note']);
    expect(await titles(owner, '/prompts/')).toEqual([]);
    // Stored in the team's partition, not the author's.
    expect(await getItem({ pk: `TEAM#${team}`, sk: `PROMPT#${made.body.id}` })).toMatchObject({ title: 'Team brief' });

    // Categories, snippets and directives are the team's too.
    const category = await call('POST', inTeam('/categories/'), { token: owner.token, json: { name: 'Campaigns' } });
    expect(category.status).toBe(201);
    expect((await call('GET', inTeam('/categories/'), { token: viewer.token })).body.map((c: { name: string }) => c.name)).toEqual(['Campaigns']);
    expect((await call('GET', '/categories/', { token: owner.token })).body).toEqual([]);
    const snippet = await call('POST', inTeam('/context/snippets'), {
      token: editor.token,
      json: { snippet_name: 'house-style', snippet_content: 'Short sentences.' },
    });
    expect(snippet.status).toBe(201);
    const directives = { global_prompt_prefix: 'Team prefix.', global_prompt_suffix: '' };
    expect((await call('PUT', inTeam('/context/directives'), { token: editor.token, json: directives })).status).toBe(200);
    expect((await call('GET', inTeam('/context/directives'), { token: viewer.token })).body).toEqual(directives);
    expect((await call('GET', '/context/directives', { token: editor.token })).body.global_prompt_prefix).toBe('');

    // An edit by a member is a version of the team's prompt, seen by all.
    const saved = await call('PUT', inTeam(`/prompts/${made.body.id}`), {
      token: owner.token,
      json: { ...prompt('Team brief v2'), category_id: category.body.id, is_favorite: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(204);
    const versions = (await call('GET', inTeam(`/prompts/${made.body.id}/versions`), { token: viewer.token })).body.versions;
    expect(versions.map((v: { title: string }) => v.title)).toEqual(['Team brief v2', 'Team brief']);
    // Each version names the member who made it.
    expect(versions.map((v: { by: { name: string } }) => v.by)).toEqual([
      { name: `${owner.first_name} ${owner.last_name}` },
      { name: `${editor.first_name} ${editor.last_name}` },
    ]);
  });

  it('compiles through the registry with the team’s snippets and directives and the caller’s own PROFILE values, with an API key', async () => {
    const made = await call('POST', inTeam('/prompts/'), {
      token: editor.token,
      json: { ...prompt('Registry brief'), body: 'For [PROFILE: role]: [INPUT: topic] in [SNIPPET: house-style]' },
    });
    expect((await call('PUT', '/context/profile/role', { token: viewer.token, json: { value: 'analyst' } })).status).toBe(200);
    const key = (await call('POST', '/api-keys', { token: viewer.token, json: { name: 'team', password: viewer.password } })).body.key as string;
    const listed = await call('GET', inTeam('/registry/prompts'), { token: key });
    expect(listed.body.prompts.map((p: { slug: string }) => p.slug)).toContain(made.body.slug);
    const compiled = await call('POST', inTeam(`/registry/prompts/${made.body.slug}/compile`), { token: key, json: { variables: { topic: 'pricing' } } });
    expect(compiled.status, JSON.stringify(compiled.body)).toBe(200);
    expect(compiled.body.text).toContain('For analyst: pricing in Short sentences.');
    expect(compiled.body.text).toContain('Team prefix.');
    // Without the parameter the key sees its owner's own registry, where the slug names nothing.
    expect((await call('POST', `/registry/prompts/${made.body.slug}/compile`, { token: key, json: { variables: { topic: 'x' } } })).status).toBe(404);

    // The SDK with `workspace`, and the official MCP client on `/mcp?workspace=`, read the team's prompts.
    const sdk = new Construct({ apiKey: key, baseUrl: apiUrl().replace(/\/api\/v1$/, ''), workspace: team, cacheTtlMs: 0 });
    expect(await sdk.prompts.compile(made.body.slug, { topic: 'pricing' })).toContain('For analyst: pricing in Short sentences.');
    const mcp = new Client({ name: 'construct-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${apiUrl()}/mcp?workspace=${team}`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    expect((await mcp.listPrompts()).prompts.map((p) => p.name)).toContain(made.body.slug);
    await mcp.close();
  });

  it('lets a viewer read but not change anything (403 with a reason, nothing written)', async () => {
    const before = await titles(owner, inTeam('/prompts/'));
    const [first] = (await call('GET', inTeam('/prompts/'), { token: viewer.token })).body.prompts;
    const refused = [
      await call('POST', inTeam('/prompts/'), { token: viewer.token, json: prompt('Viewer wrote this') }),
      await call('PUT', inTeam(`/prompts/${first.id}`), { token: viewer.token, json: { is_favorite: true } }),
      await call('DELETE', inTeam(`/prompts/${first.id}`), { token: viewer.token }),
      await call('POST', inTeam('/categories/'), { token: viewer.token, json: { name: 'Nope' } }),
      await call('PUT', inTeam('/context/directives'), { token: viewer.token, json: { global_prompt_prefix: 'x', global_prompt_suffix: '' } }),
      await call('POST', inTeam(`/prompts/${first.id}/share`), { token: viewer.token }),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect(reply.body.detail).toMatch(/^Viewers of this team can read/);
    }
    expect(await titles(owner, inTeam('/prompts/'))).toEqual(before);
    expect((await call('GET', inTeam(`/prompts/${first.id}/versions`), { token: viewer.token })).status).toBe(200);
  });

  it('is invisible to anyone not in the team (404), and a parameter elsewhere is refused (400)', async () => {
    for (const path of ['/prompts/', '/categories/', '/context/snippets', '/registry/prompts']) {
      const reply = await call('GET', inTeam(path), { token: stranger.token });
      expect(reply.status).toBe(404);
      expect(reply.body.detail).toBe('Team not found.');
    }
    expect((await call('GET', inTeam('/prompts/', randomUUID()), { token: owner.token })).status).toBe(404);
    expect((await call('GET', inTeam('/prompts/', 'not-a-team'), { token: owner.token })).status).toBe(404);
    const elsewhere = await call('GET', inTeam('/account'), { token: owner.token });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toMatch(/does not act on a workspace/);
  });

  it('ends a removed member’s access on their next request', async () => {
    const leaver = await signUp();
    const small = await seedTeam('Short-lived', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: leaver.id, role: 'editor' },
    ]);
    expect((await call('GET', inTeam('/prompts/', small), { token: leaver.token })).status).toBe(200);
    await dropMember(small, leaver.id);
    expect((await call('GET', inTeam('/prompts/', small), { token: leaver.token })).status).toBe(404);
    expect((await call('POST', inTeam('/prompts/', small), { token: leaver.token, json: prompt('Too late') })).status).toBe(404);
  });
});

describe('Move/copy to… between workspaces', () => {
  const copy = (user: User, id: string, json: { to: string | null; move?: boolean }, from?: string) =>
    call('POST', from ? inTeam(`/prompts/${id}/copy`, from) : `/prompts/${id}/copy`, { token: user.token, json });

  it('copies a team prompt out (viewers too) and moves a personal one in, counters following', async () => {
    const source = (await call('POST', inTeam('/prompts/'), { token: editor.token, json: prompt('Copy me') })).body;
    const out = await copy(viewer, source.id, { to: null }, team);
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    expect(out.body).toMatchObject({ title: 'Copy me', category_id: null, version: 1 });
    expect(await titles(viewer, '/prompts/')).toContain('Copy me');
    expect(await titles(viewer, inTeam('/prompts/'))).toContain('Copy me');
    const history = (await call('GET', `/prompts/${out.body.id}/versions`, { token: viewer.token })).body.versions;
    expect(history[0].source).toEqual({ kind: 'copy' });

    const mine = (await call('POST', '/prompts/', { token: editor.token, json: prompt('Bring me along') })).body;
    const usedBefore = Number((await getItem({ pk: `USER#${editor.id}`, sk: 'PROFILE' }))?.prompts_used);
    const teamBefore = Number((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.prompts_used);
    const moved = await copy(editor, mine.id, { to: team, move: true });
    expect(moved.status).toBe(201);
    expect(await titles(editor, '/prompts/')).not.toContain('Bring me along');
    expect(await titles(owner, inTeam('/prompts/'))).toContain('Bring me along');
    expect((await getItem({ pk: `USER#${editor.id}`, sk: 'PROFILE' }))?.prompts_used).toBe(usedBefore - 1);
    expect((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.prompts_used).toBe(teamBefore + 1);
  });

  it('refuses what the caller may not do: a viewer’s move (403), into a team as its viewer (403) or a stranger (404), into the same workspace (400)', async () => {
    const source = (await call('POST', inTeam('/prompts/'), { token: editor.token, json: prompt('Stay here') })).body;
    const viewerMove = await copy(viewer, source.id, { to: null, move: true }, team);
    expect(viewerMove.status).toBe(403);
    expect(viewerMove.body.detail).toMatch(/^Viewers of this team/);
    const own = (await call('POST', '/prompts/', { token: viewer.token, json: prompt('Viewer draft') })).body;
    expect((await copy(viewer, own.id, { to: team })).status).toBe(403);
    const strangers = (await call('POST', '/prompts/', { token: stranger.token, json: prompt('Outsider') })).body;
    const outsider = await copy(stranger, strangers.id, { to: team });
    expect(outsider.status).toBe(404);
    expect(outsider.body.detail).toBe('Team not found.');
    expect((await copy(editor, source.id, { to: team }, team)).status).toBe(400);
    expect(await titles(owner, inTeam('/prompts/'))).not.toContain('Viewer draft');
  });
});

describe('a team workspace’s plan', () => {
  it('follows the team’s tier: parallel creates stop exactly at its limit', async () => {
    const free = await seedTeam('Free team', 'free', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
    ]);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', inTeam('/prompts/', free), { token: i % 2 ? owner.token : editor.token, json: prompt(`P${i}`) })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of replies.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(403);
      expect(r.body.detail).toBe('You have reached your limit of 5 prompts. Please upgrade your plan.');
    }
    expect(await getItem({ pk: `TEAM#${free}`, sk: 'TEAM' })).toMatchObject({ prompts_used: 5 });
    // The members' own workspaces keep their own counts.
    expect((await getItem({ pk: `USER#${editor.id}`, sk: 'PROFILE' }))?.prompts_used ?? 0).toBeLessThan(5);
  });

  it('takes free library prompts and keeps Pro and Elite ones personal', async () => {
    const entry = (tier: 'free' | 'pro') => ({
      id: `team-${tier}-${randomUUID().slice(0, 8)}`,
      title: `Library ${tier}`,
      body: 'Ask about [INPUT: topic]',
      category: null,
      tasks: [],
      industries: [],
      access_tier: tier,
    });
    const [freeEntry, proEntry] = [entry('free'), entry('pro')];
    await library.upsertEntries([freeEntry, proEntry], 'curator@construct.test');
    expect((await call('POST', inTeam(`/prompts/fork/${freeEntry.id}`), { token: owner.token, json: {} })).status).toBe(201);
    const tiered = await call('POST', inTeam(`/prompts/fork/${proEntry.id}`), { token: owner.token, json: {} });
    expect(tiered.status).toBe(403);
    expect(tiered.body.detail).toMatch(/personal workspace only/);
    const personalCopy = await call('POST', `/prompts/fork/${proEntry.id}`, { token: owner.token, json: {} });
    expect(personalCopy.status).toBe(201);
    // Nor does a copy of it get in by 'Move/copy to…'.
    const smuggled = await call('POST', `/prompts/${personalCopy.body.id}/copy`, { token: owner.token, json: { to: team } });
    expect(smuggled.status).toBe(403);
    expect(smuggled.body.detail).toMatch(/personal workspace only/);
  });

  it('shares a team prompt by link, named after the member who shared it', async () => {
    const made = await call('POST', inTeam('/prompts/'), { token: editor.token, json: prompt('Shared brief') });
    const shared = await call('POST', inTeam(`/prompts/${made.body.id}/share`), { token: editor.token });
    expect(shared.status).toBe(201);
    const token = String(shared.body.url).split('/s/')[1];
    const read = await call('GET', `/shared/${token}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ title: 'Shared brief', author_name: `${editor.first_name} ${editor.last_name[0]}.` });
    expect((await call('DELETE', inTeam(`/prompts/${made.body.id}/share`), { token: owner.token })).status).toBe(204);
    expect((await call('GET', `/shared/${token}`)).status).toBe(404);
  });
});
