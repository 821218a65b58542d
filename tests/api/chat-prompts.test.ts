import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transcriptOf } from '@shared/chat';
import type { ChatMessage } from '@shared/contract/chat';
import { personalPk } from '../../functions/lib/data/keys';
import { adminToken, apiUrl, call, signUp } from '../support/api';
import { getItem, library, seedTeam, setTier } from '../support/db';

const { itemBytes } = await import('../../functions/lib/data/db');

/**
 * Chat prompts (issue 28): messages and model settings in every version and everywhere a prompt
 * goes (versions, restore, copy, fork, library, export and import, share links), and bad input
 * refused with a detail and nothing written.
 */
type User = Awaited<ReturnType<typeof signUp>>;

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You answer for [PROFILE: company] in a [INPUT: tone=friendly|formal] tone.' },
  { role: 'placeholder', name: 'history' },
  { role: 'user', content: 'Answer: [INPUT: question]' },
];
const TOOL = { name: 'lookup_order', description: 'Find an order', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } };
const CONFIG = {
  model: 'gpt-4.1-mini',
  temperature: 0.2,
  max_tokens: 400,
  stop: ['END'],
  response_format: { type: 'json_schema', name: 'reply', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } },
  tools: [TOOL],
  tool_choice: 'auto',
};
const chat = (overrides: Record<string, unknown> = {}) => ({ title: 'Support reply', kind: 'chat', messages: MESSAGES, config: CONFIG, ...overrides });

const personal = (user: User) => ({ pk: personalPk(user.id) as string });
const list = async (user: User) => (await call('GET', '/prompts/', { token: user.token })).body.prompts as any[];
const create = async (user: User, json: unknown = chat()) => {
  const reply = await call('POST', '/prompts/', { token: user.token, json });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
};

describe('chat prompts', () => {
  it('creates, lists and reads a chat prompt: messages, settings, and a body made from the messages', async () => {
    const user = await signUp();
    const made = await create(user);

    expect(made).toMatchObject({ title: 'Support reply', kind: 'chat', messages: MESSAGES, config: CONFIG, version: 1 });
    expect(made.body).toBe(transcriptOf(MESSAGES));
    expect(await list(user)).toEqual([made]);
    // A text prompt is as it always was, with its kind and (empty) settings.
    const text = await create(user, { title: 'Plain', body: 'Hello [INPUT: name]' });
    expect(text).toMatchObject({ kind: 'text', body: 'Hello [INPUT: name]', config: {} });
    expect(text.messages).toBeUndefined();
    // Stored as a text prompt always was: no kind, messages or config attributes.
    const item = await getItem({ ...personal(user), sk: `PROMPT#${text.id}` });
    expect(Object.keys(item!)).not.toEqual(expect.arrayContaining(['kind']));
    expect(item).not.toHaveProperty('messages');
    expect(item).not.toHaveProperty('config');
  });

  it.each([
    ['an unknown role', chat({ messages: [{ role: 'bot', content: 'Hi' }] }), "Each message's role must be system, user, assistant or placeholder."],
    [
      'a placeholder with content',
      chat({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'placeholder', name: 'h', content: 'x' },
        ],
      }),
      'A placeholder message has a name and no content.',
    ],
    [
      'a placeholder without a name',
      chat({
        messages: [
          { role: 'user', content: 'x' },
          { role: 'placeholder', name: '' },
        ],
      }),
      "A placeholder's name is 1 to 64 letters, digits, underscores or hyphens.",
    ],
    ['an empty message', chat({ messages: [{ role: 'user', content: '  ' }] }), "A message's content is required."],
    ['no messages', chat({ messages: [] }), 'A chat prompt needs at least one system, user or assistant message.'],
    ['a chat prompt without messages', { title: 'x', kind: 'chat' }, 'messages is required for a chat prompt.'],
    ['a chat prompt with a body', chat({ body: 'x' }), "A chat prompt's body is made from its messages: send messages without body."],
    ['messages on a text prompt', { title: 'x', body: 'x', messages: MESSAGES }, "messages belong to chat prompts: set kind to 'chat'."],
    ['an unknown kind', chat({ kind: 'voice' }), "kind must be 'text' or 'chat'."],
    ['a tool without a name', chat({ config: { tools: [{ parameters: { type: 'object' } }] } }), 'config.tools.0.name is required.'],
    ['two tools of one name', chat({ config: { tools: [TOOL, TOOL] } }), 'Each tool needs a name of its own.'],
    [
      'tool parameters that are not JSON Schema',
      chat({ config: { tools: [{ name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'strng' } } } }] } }),
      "The parameters of tool 'lookup' are not valid JSON Schema: /properties/id/type must be equal to one of the allowed values.",
    ],
    [
      'a response schema that is not JSON Schema',
      chat({ config: { response_format: { type: 'json_schema', name: 'r', schema: { type: 'object', required: 'answer' } } } }),
      'The response schema is not valid JSON Schema: /required must be array.',
    ],
    ['a temperature out of range', chat({ config: { temperature: 9 } }), 'temperature must be from 0 to 2.'],
    [
      'a tool choice naming no tool',
      chat({ config: { tools: [TOOL], tool_choice: { type: 'tool', name: 'other' } } }),
      'tool_choice names a tool that is not among the tools.',
    ],
    [
      'messages over 20,000 characters',
      chat({
        messages: [
          { role: 'system', content: 'x'.repeat(12_000) },
          { role: 'user', content: 'y'.repeat(9_000) },
        ],
      }),
      "A chat prompt's messages must be at most 20000 characters in all.",
    ],
  ])('refuses %s with 400 and writes nothing', async (_, json, detail) => {
    const user = await signUp();
    const reply = await call('POST', '/prompts/', { token: user.token, json });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toBe(detail);
    expect(await list(user)).toEqual([]);
  });

  it('refuses a prompt over 400 KB with 413 and settings over 64 KB with 400, and writes nothing', async () => {
    const user = await signUp();
    const huge = await call('POST', '/prompts/', { token: user.token, json: chat({ messages: [{ role: 'user', content: 'x'.repeat(410 * 1024) }] }) });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toBe('Request body is too large (limit 256 KB).');
    const properties = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`field_${i}`, { type: 'string', description: 'd'.repeat(30) }]));
    const big = await call('POST', '/prompts/', {
      token: user.token,
      json: chat({ config: { tools: [{ name: 't', parameters: { type: 'object', properties } }] } }),
    });
    expect(big.status).toBe(400);
    expect(big.body.detail).toBe('Model settings must be at most 64 KB as JSON (tools and schemas included).');
    expect(await list(user)).toEqual([]);
  });

  it('keeps the largest chat prompt and its version far below 400 KB, counted in UTF-8 bytes', async () => {
    const user = await signUp();
    // 20,000 characters of three-byte text in the messages, and settings just under 64 KB.
    const messages = [
      { role: 'system', content: '€'.repeat(10_000) },
      { role: 'user', content: '€'.repeat(10_000) },
    ];
    const tools = Array.from({ length: 10 }, (_, i) => ({ name: `tool_${i}`, description: '€'.repeat(2_000), parameters: { type: 'object' } }));
    const made = await create(user, chat({ messages, config: { tools } }));
    expect((await call('PUT', `/prompts/${made.id}`, { token: user.token, json: chat({ messages: [...messages].reverse(), config: { tools } }) })).status).toBe(
      204,
    );
    const prompt = await getItem({ ...personal(user), sk: `PROMPT#${made.id}` });
    const version = await getItem({ ...personal(user), sk: `VERSION#${made.id}#000001` });
    expect(version?.messages).toEqual(messages);
    expect(itemBytes(prompt)).toBeGreaterThan(150_000);
    expect(itemBytes(prompt)).toBeLessThan(250_000);
    expect(itemBytes(version)).toBeLessThan(250_000);
  });

  it('keeps messages and settings in each version, diffs them, restores them, and refuses a bad update', async () => {
    const user = await signUp();
    const made = await create(user);
    const put = (json: unknown) => call('PUT', `/prompts/${made.id}`, { token: user.token, json });

    // The same content with the settings' keys in another order is no new version.
    const reordered = { ...CONFIG, tools: [{ parameters: TOOL.parameters, name: TOOL.name, description: TOOL.description }] };
    expect((await put(chat({ config: reordered }))).status).toBe(204);
    expect((await list(user))[0].version).toBe(1);

    const edited = [MESSAGES[0], MESSAGES[1], { role: 'user', content: 'Reply to: [INPUT: question]' }];
    expect((await put(chat({ messages: edited, config: { ...CONFIG, temperature: 0.9 } }))).status).toBe(204);
    // Only the settings change: a new version too.
    expect((await put(chat({ messages: edited, config: { model: 'gpt-4.1' } }))).status).toBe(204);

    const bad = await put(chat({ messages: [{ role: 'narrator', content: 'x' }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Each message's role must be system, user, assistant or placeholder.");
    const badSchema = await put(chat({ config: { tools: [{ name: 'x', parameters: { type: 'object', properties: [] } }] } }));
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.detail).toMatch(/^The parameters of tool 'x' are not valid JSON Schema: /);

    const versions = (await call('GET', `/prompts/${made.id}/versions`, { token: user.token })).body.versions;
    expect(versions.map((v: any) => [v.version, v.kind, v.config.temperature ?? null, v.config.model])).toEqual([
      [3, 'chat', null, 'gpt-4.1'],
      [2, 'chat', 0.9, 'gpt-4.1-mini'],
      [1, 'chat', 0.2, 'gpt-4.1-mini'],
    ]);
    expect(versions[2].messages).toEqual(MESSAGES);
    expect(versions[1].messages).toEqual(edited);

    const restored = await call('POST', `/prompts/${made.id}/versions/1/restore`, { token: user.token });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 4, kind: 'chat', messages: MESSAGES, config: CONFIG, body: transcriptOf(MESSAGES) });

    // A chat prompt saved as text: its messages and settings go from the item, the version keeps them.
    expect((await put({ title: 'Support reply', body: 'Now plain text.' })).status).toBe(204);
    const now = (await list(user))[0];
    expect(now).toMatchObject({ kind: 'text', body: 'Now plain text.', config: {}, version: 5 });
    expect(now.messages).toBeUndefined();
    const item = await getItem({ ...personal(user), sk: `PROMPT#${made.id}` });
    expect(item).not.toHaveProperty('messages');
    expect(item).not.toHaveProperty('kind');
    expect(item).not.toHaveProperty('config');
    const back = await call('POST', `/prompts/${made.id}/versions/4/restore`, { token: user.token });
    expect(back.body).toMatchObject({ version: 6, kind: 'chat', messages: MESSAGES, config: CONFIG });
  });

  it('carries messages and settings through copy to a team, export and import, and share links', async () => {
    const user = await signUp();
    await setTier(user.id, 'pro');
    const made = await create(user);

    const team = await seedTeam(`Chat ${randomUUID().slice(0, 6)}`, 'pro', [{ id: user.id, role: 'owner' }]);
    const copied = await call('POST', `/prompts/${made.id}/copy`, { token: user.token, json: { to: team } });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ kind: 'chat', messages: MESSAGES, config: CONFIG, body: made.body });

    const exported = (await call('GET', '/prompts/export', { token: user.token })).body;
    expect(exported.prompts).toEqual([expect.objectContaining({ title: 'Support reply', kind: 'chat', messages: MESSAGES, config: CONFIG })]);
    expect(exported.prompts[0]).not.toHaveProperty('body');
    const markdown = await fetch(`${apiUrl()}/prompts/export?format=markdown`, { headers: { authorization: `Bearer ${user.token}` } }).then((r) => r.text());
    expect(markdown).toContain('- Kind: chat');
    expect(markdown).toContain('- Model settings: gpt-4.1-mini · temperature 0.2 · max 400 tokens · 1 stop sequence · JSON schema reply · 1 tool');
    expect(markdown).toContain('System:\nYou answer for [PROFILE: company]');

    const other = await signUp();
    const imported = await call('POST', '/prompts/import', { token: other.token, json: { document: exported } });
    expect(imported.status).toBe(201);
    expect(await list(other)).toEqual([expect.objectContaining({ kind: 'chat', messages: MESSAGES, config: CONFIG, body: made.body })]);
    // The same file again: a duplicate (title and the messages' transcript).
    expect((await call('POST', '/prompts/import', { token: other.token, json: { document: exported, dry_run: true } })).body.duplicates).toHaveLength(1);
    // A file whose settings hold a schema that is not JSON Schema: 400 naming it, nothing written.
    const broken = structuredClone(exported);
    broken.prompts[0].title = 'Another';
    broken.prompts[0].config.tools[0].parameters.required = 'id';
    const refused = await call('POST', '/prompts/import', { token: other.token, json: { document: broken } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      "This file cannot be imported: prompts[0]: The parameters of tool 'lookup_order' are not valid JSON Schema: /required must be array.",
    );
    expect(await list(other)).toHaveLength(1);

    const link = await call('POST', `/prompts/${made.id}/share`, { token: user.token });
    const shared = await call('GET', `/shared/${link.body.token}`);
    expect(shared.body).toMatchObject({ kind: 'chat', messages: MESSAGES, config: CONFIG, body: made.body });
    const page = await fetch(link.body.url.replace(/^https?:\/\/[^/]+/, apiUrl().replace(/\/api\/v1$/, ''))).then((r) => r.text());
    expect(page).toContain('System:\nYou answer for [PROFILE: company]');
    expect(page).toContain('<h2>Model settings</h2>');
    const forked = await call('POST', `/shared/${link.body.token}/fork`, { token: other.token });
    expect(forked.body).toMatchObject({ kind: 'chat', messages: MESSAGES, config: CONFIG });
  });

  it('carries them through the library: import, views (none when locked), fork, admin edit and pull', async () => {
    const id = `chat-${randomUUID().slice(0, 8)}`;
    const entry = {
      id,
      title: `Chat library ${id}`,
      kind: 'chat' as const,
      messages: MESSAGES,
      config: { model: 'claude-sonnet-4-5' },
      category: null,
      tasks: [],
      industries: [],
    };
    await library.upsertEntries(
      [
        { ...entry, access_tier: 'free' },
        { ...entry, id: `${id}-pro`, title: `Pro ${entry.title}`, access_tier: 'pro' },
      ],
      'curator@construct.test',
    );
    const user = await signUp();

    const view = (await call('GET', `/library/prompts/${id}`, { token: user.token })).body;
    expect(view).toMatchObject({ kind: 'chat', messages: MESSAGES, config: { model: 'claude-sonnet-4-5' }, body: transcriptOf(MESSAGES), locked: false });
    const locked = (await call('GET', `/library/prompts/${id}-pro`, { token: user.token })).body;
    expect(locked).toMatchObject({ kind: 'chat', locked: true });
    expect(locked).not.toHaveProperty('messages');
    expect(locked).not.toHaveProperty('config');
    expect(locked.body.length).toBeLessThanOrEqual(81);

    const fork = await call('POST', `/prompts/fork/${id}`, { token: user.token, json: {} });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({ kind: 'chat', messages: MESSAGES, config: { model: 'claude-sonnet-4-5' } });

    // An admin's edit of the settings alone is a change forks are offered.
    const admin = await adminToken();
    const text = (await call('GET', `/admin/prompts/${id}`, { token: admin })).body;
    expect(text).toMatchObject({ kind: 'chat', messages: MESSAGES, config: { model: 'claude-sonnet-4-5' } });
    const { id: _, ...edit } = text;
    expect((await call('PUT', `/admin/prompts/${id}`, { token: admin, json: { ...edit, body: undefined, config: { model: 'claude-opus-4-1' } } })).status).toBe(
      204,
    );
    const update = await call('GET', `/prompts/${fork.body.id}/library-update`, { token: user.token });
    expect(update.body).toMatchObject({
      changed: true,
      prompt: { kind: 'chat', config: { model: 'claude-sonnet-4-5' } },
      library: { kind: 'chat', messages: MESSAGES, config: { model: 'claude-opus-4-1' } },
    });
    const pulled = await call('POST', `/prompts/${fork.body.id}/library-update/pull`, { token: user.token });
    expect(pulled.body).toMatchObject({ version: 2, kind: 'chat', config: { model: 'claude-opus-4-1' } });
  });
});
