import { beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIONS_MAX } from '@shared/contract/connections';
import { call, signUp } from '../support/api';
import { getItem, seedTeam, setTier } from '../support/db';
import { FAKE_ANTHROPIC_MODELS } from '../support/fake-anthropic';
import { FAKE_MODELS } from '../support/fake-openai';
import { useModelFakes } from '../support/model-fakes';

/**
 * Model connections (docs/product.md, "Model connections"): a workspace's own provider keys.
 * Created by owners, listed to members, the key sealed at rest and never in any answer, log or
 * export; base URLs only where the outbound rules allow (the test stack is "one machine": loopback
 * allowed, private and metadata addresses refused); tested through each provider's SDK against a
 * loopback fake of its API.
 */
type User = Awaited<ReturnType<typeof signUp>>;
const models = useModelFakes();

const KEY = 'sk-live-0123456789abcdefWXYZ';
const inTeam = (path: string, team: string) => `${path}?workspace=${team}`;
const create = (user: User, json: Record<string, unknown>, path = '/connections') => call('POST', path, { token: user.token, json });
const openAiConnection = (overrides: Record<string, unknown> = {}) => ({
  name: 'Our OpenAI',
  provider: 'openai',
  base_url: models.openai.url,
  api_key: KEY,
  models: ['gpt-fake-mini'],
  ...overrides,
});

describe('POST /connections', () => {
  it('stores a connection and answers it with the key’s last 4 characters only, never the key', async () => {
    const user = await signUp();

    const made = await create(user, openAiConnection());

    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'Our OpenAI',
      provider: 'openai',
      base_url: models.openai.url,
      key_hint: 'WXYZ',
      models: ['gpt-fake-mini'],
      created_at: expect.any(String),
    });
    const listed = await call('GET', '/connections', { token: user.token });
    expect(listed.body).toEqual({ connections: [made.body] });
    for (const text of [JSON.stringify(made.body), JSON.stringify(listed.body)]) expect(text).not.toContain(KEY.slice(0, -4));
    // At rest: sealed, in the workspace's partition, after its versions.
    const stored = await getItem({ pk: `USER#${user.id}`, sk: `XCONN#${made.body.id}` });
    expect(stored).toMatchObject({ type: 'connection', key_hint: 'WXYZ', sealed_key: expect.stringMatching(/^sb1\.local\./) });
    expect(JSON.stringify(stored)).not.toContain(KEY.slice(0, -4));
  });

  it('takes Anthropic and OpenAI-compatible connections; an official provider needs no base_url', async () => {
    const user = await signUp();

    const claude = await create(user, { name: 'Claude', provider: 'anthropic', api_key: 'sk-ant-api03-abcdefghijkl' });
    const ollama = await create(user, { name: 'Ollama', provider: 'openai_compatible', base_url: `${models.openai.url}/`, api_key: 'ollama-local-key' });

    expect(claude.status).toBe(201);
    expect(claude.body).toMatchObject({ provider: 'anthropic', base_url: null, models: [], key_hint: 'ijkl' });
    expect(ollama.status).toBe(201);
    expect(ollama.body).toMatchObject({ provider: 'openai_compatible', base_url: models.openai.url, key_hint: '-key' });
    const names = (await call('GET', '/connections', { token: user.token })).body.connections.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Claude', 'Ollama']);
  });

  it("hints a short key's last 4 characters too (a local server's 'ollama'), but never a whole key", async () => {
    const user = await signUp();
    expect((await create(user, openAiConnection({ api_key: 'short-key' }))).body.key_hint).toBe('-key');
    expect((await create(user, openAiConnection({ name: 'Local', api_key: 'ollama' }))).body.key_hint).toBe('lama');
    expect((await create(user, openAiConnection({ name: 'Tiny', api_key: 'abcd' }))).body.key_hint).toBe('');
  });

  it.each([
    [
      'a private address',
      'http://10.1.2.3/v1',
      'base_url must not point to a loopback, private, link-local or metadata address (10.1.2.3 is a private address).',
    ],
    [
      'the metadata address',
      'http://169.254.169.254/latest',
      'base_url must not point to a loopback, private, link-local or metadata address (169.254.169.254 is a link-local or metadata address).',
    ],
    ['another scheme', 'ftp://example.com/v1', 'base_url must use http or https.'],
    ['no URL at all', 'openai', 'base_url must be an absolute URL.'],
    ['credentials in the URL', 'http://user:secret@127.0.0.1:9/v1', 'base_url must not contain a user name or password: put the key in api_key.'],
  ])('refuses a base_url with %s (400, nothing stored)', async (_, base_url, detail) => {
    const user = await signUp();

    const refused = await create(user, openAiConnection({ base_url }));

    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(detail);
    expect((await call('GET', '/connections', { token: user.token })).body.connections).toEqual([]);
  });

  it.each([
    ['an unknown provider', { provider: 'mistral' }, 'provider must be one of: openai, anthropic, openai_compatible.'],
    ['no key', { api_key: '  ' }, 'An API key is required.'],
    ['a key with a line break', { api_key: 'sk-abc\ndef' }, 'An API key has no spaces or line breaks.'],
    [
      'a compatible server without its URL',
      { provider: 'openai_compatible', base_url: undefined },
      'An OpenAI-compatible connection needs the base_url of its server (for example https://openrouter.ai/api/v1).',
    ],
    ['a model with a space', { models: ['gpt 4'] }, 'A model name has no spaces.'],
    ['a field of the server’s', { key_hint: 'abcd' }, 'Unknown field: key_hint.'],
  ])('refuses %s with 400 and a detail', async (_, overrides, detail) => {
    const user = await signUp();
    const refused = await create(user, openAiConnection(overrides));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(detail);
  });

  it(`keeps at most ${CONNECTIONS_MAX} per workspace, even when more are added at once`, async () => {
    const user = await signUp();

    const replies = await Promise.all(Array.from({ length: CONNECTIONS_MAX + 2 }, (_, i) => create(user, openAiConnection({ name: `c${i}` }))));

    expect(replies.filter((r) => r.status === 201)).toHaveLength(CONNECTIONS_MAX);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.detail])).toEqual(
      Array(2).fill([403, `A workspace keeps at most ${CONNECTIONS_MAX} model connections. Delete one you no longer use first.`]),
    );
    expect((await call('GET', '/connections', { token: user.token })).body.connections).toHaveLength(CONNECTIONS_MAX);
    // Deleting one frees its slot.
    await call('DELETE', `/connections/${replies.find((r) => r.status === 201)!.body.id}`, { token: user.token });
    expect((await create(user, openAiConnection())).status).toBe(201);
  });
});

describe('DELETE /connections/{id}', () => {
  it('deletes the connection and its key (204), then answers 404', async () => {
    const user = await signUp();
    const { id } = (await create(user, openAiConnection())).body;

    expect((await call('DELETE', `/connections/${id}`, { token: user.token })).status).toBe(204);

    expect((await call('GET', '/connections', { token: user.token })).body.connections).toEqual([]);
    expect(await getItem({ pk: `USER#${user.id}`, sk: `XCONN#${id}` })).toBeUndefined();
    const again = await call('DELETE', `/connections/${id}`, { token: user.token });
    expect([again.status, again.body.detail]).toEqual([404, 'Connection not found.']);
  });

  it("answers 404 for another user's connection, and leaves it", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const { id } = (await create(owner, openAiConnection())).body;

    expect((await call('DELETE', `/connections/${id}`, { token: other.token })).status).toBe(404);
    expect((await call('POST', `/connections/${id}/test`, { token: other.token })).status).toBe(404);

    expect((await call('GET', '/connections', { token: owner.token })).body.connections).toHaveLength(1);
  });
});

describe('POST /connections/{id}/test', () => {
  it("lists an OpenAI connection's models through the openai SDK, with the connection's key", async () => {
    const user = await signUp();
    const { id } = (await create(user, openAiConnection())).body;

    const tested = await call('POST', `/connections/${id}/test`, { token: user.token });

    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ ok: true, models: FAKE_MODELS });
    const request = models.openai.requests.findLast((r) => r.path === '/v1/models');
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
  });

  it("lists an Anthropic connection's models through @anthropic-ai/sdk", async () => {
    const user = await signUp();
    const key = 'sk-ant-api03-test-key-0001';
    const { id } = (await create(user, { name: 'Claude', provider: 'anthropic', base_url: models.anthropic.url, api_key: key })).body;

    const tested = await call('POST', `/connections/${id}/test`, { token: user.token });

    expect(tested.body).toEqual({ ok: true, models: FAKE_ANTHROPIC_MODELS });
    const request = models.anthropic.requests.findLast((r) => r.path.startsWith('/v1/models'));
    expect(request).toMatchObject({ apiKey: key, version: expect.any(String) });
  });

  it('says why a refused key fails, without the key', async () => {
    const user = await signUp();
    const bad = 'sk-bad-0123456789abcdefghij';
    const { id } = (await create(user, openAiConnection({ api_key: bad }))).body;
    const claude = (await create(user, { name: 'Claude', provider: 'anthropic', base_url: models.anthropic.url, api_key: 'sk-ant-bad-0123456789' })).body;

    const tested = await call('POST', `/connections/${id}/test`, { token: user.token });
    const testedClaude = await call('POST', `/connections/${claude.id}/test`, { token: user.token });

    expect(tested.body).toEqual({ ok: false, detail: "The provider refused the API key (401); check the connection's key." });
    expect(testedClaude.body).toEqual({ ok: false, detail: "The provider refused the API key (401); check the connection's key." });
    expect(JSON.stringify(tested.body)).not.toContain(bad.slice(7));
  });

  it('says when the provider cannot be reached', async () => {
    const user = await signUp();
    const { id } = (await create(user, openAiConnection({ base_url: 'http://127.0.0.1:9/v1' }))).body;

    const tested = await call('POST', `/connections/${id}/test`, { token: user.token });

    expect(tested.body).toEqual({ ok: false, detail: 'The provider could not be reached.' });
  });
});

describe('connections of a team workspace', () => {
  let owner: User;
  let editor: User;
  let viewer: User;
  let stranger: User;
  let team: string;

  beforeAll(async () => {
    [owner, editor, viewer, stranger] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await setTier(owner.id, 'pro');
    team = await seedTeam('Models', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: editor.id, role: 'editor' },
      { id: viewer.id, role: 'viewer' },
    ]);
  }, 60_000);

  it('are managed by owners, listed to every member, and apart from the personal workspace', async () => {
    const made = await create(owner, openAiConnection({ name: 'Team key' }), inTeam('/connections', team));
    expect(made.status).toBe(201);
    expect(await getItem({ pk: `TEAM#${team}`, sk: `XCONN#${made.body.id}` })).toMatchObject({ name: 'Team key' });

    for (const member of [owner, editor, viewer]) {
      expect((await call('GET', inTeam('/connections', team), { token: member.token })).body.connections.map((c: { id: string }) => c.id)).toEqual([
        made.body.id,
      ]);
    }
    expect((await call('GET', '/connections', { token: owner.token })).body.connections).toEqual([]);
    // The key's seal is bound to the team's workspace: the owner's own workspace does not find it.
    expect((await call('POST', `/connections/${made.body.id}/test`, { token: owner.token })).status).toBe(404);
    expect((await call('POST', inTeam(`/connections/${made.body.id}/test`, team), { token: owner.token })).body.ok).toBe(true);
  });

  it('refuses editors and viewers any change (403 with a reason) and strangers everything (404)', async () => {
    const { id } = (await create(owner, openAiConnection({ name: 'Guarded' }), inTeam('/connections', team))).body;

    for (const member of [editor, viewer]) {
      const attempts = [
        await create(member, openAiConnection(), inTeam('/connections', team)),
        await call('DELETE', inTeam(`/connections/${id}`, team), { token: member.token }),
        await call('POST', inTeam(`/connections/${id}/test`, team), { token: member.token }),
      ];
      expect(attempts.map((r) => [r.status, r.body.detail])).toEqual(Array(3).fill([403, 'Only an owner of the team can do this.']));
    }
    for (const attempt of [
      await call('GET', inTeam('/connections', team), { token: stranger.token }),
      await create(stranger, openAiConnection(), inTeam('/connections', team)),
      await call('DELETE', inTeam(`/connections/${id}`, team), { token: stranger.token }),
    ]) {
      expect([attempt.status, attempt.body.detail]).toEqual([404, 'Team not found.']);
    }
    expect((await call('GET', inTeam('/connections', team), { token: owner.token })).body.connections.map((c: { name: string }) => c.name)).toContain(
      'Guarded',
    );
  });
});

describe('the account export', () => {
  it('lists the connections without their keys', async () => {
    const user = await signUp();
    await create(user, openAiConnection());

    const exported = await call('GET', '/account/export', { token: user.token });

    expect(exported.status).toBe(200);
    const text = JSON.stringify(exported.body);
    expect(text).not.toContain(KEY.slice(0, -4));
    expect(text).not.toContain('sealed_key');
    expect(exported.body.connections).toEqual([expect.objectContaining({ name: 'Our OpenAI', provider: 'openai', key_hint: 'WXYZ' })]);
  });
});
