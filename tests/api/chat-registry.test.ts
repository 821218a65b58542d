import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessage } from '@shared/contract/chat';
import { Construct } from '../../sdk/src/index';
import { apiUrl, call, signUp } from '../support/api';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';

/**
 * Chat prompts for code and AI tools: the registry returns kind, messages and settings; compile
 * fills every message and puts the caller's history in for each placeholder; the compiled size is
 * bounded before anything is built (registry, MCP); MCP prompts/get gives user and assistant
 * messages; the SDK's compileChat feeds the real OpenAI SDK.
 */
type User = Awaited<ReturnType<typeof signUp>>;

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You write for [PROFILE: company]. [SNIPPET: voice]' },
  { role: 'placeholder', name: 'history' },
  { role: 'user', content: 'Write about [INPUT: topic] in a [INPUT: tone=warm|dry] tone.' },
];
const CONFIG = {
  model: 'gpt-4.1-mini',
  temperature: 0.3,
  max_tokens: 300,
  tools: [{ name: 'search', description: 'Search the web', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }],
  tool_choice: { type: 'tool', name: 'search' },
  response_format: { type: 'json_schema', name: 'post', schema: { type: 'object', properties: { text: { type: 'string' } } }, strict: true },
};
const HISTORY = [
  { role: 'user', content: 'Earlier question' },
  { role: 'assistant', content: 'Earlier answer' },
];

async function writer(): Promise<{ user: User; key: string; slug: string; id: string }> {
  const user = await signUp();
  const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'chat', password: user.password } })).body.key as string;
  await call('PUT', '/context/profile/company', { token: user.token, json: { value: 'Acme' } });
  await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'voice', snippet_content: 'Plain words.' } });
  await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' } });
  const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Blog post', kind: 'chat', messages: MESSAGES, config: CONFIG } });
  expect(made.status).toBe(201);
  return { user, key, slug: made.body.slug, id: made.body.id };
}

const compile = (key: string, slug: string, json: unknown) => call('POST', `/registry/prompts/${slug}/compile`, { token: key, json });

describe('chat prompts in the registry', () => {
  it('returns kind, messages and settings, and compiles every message with the history in place', async () => {
    const { user, key, slug, id } = await writer();

    const got = await call('GET', `/registry/prompts/${slug}`, { token: key });
    expect(got.body).toMatchObject({ slug, kind: 'chat', messages: MESSAGES, config: CONFIG, version: 1 });
    expect(got.body.variables.map((v: any) => `${v.type}:${v.key}`)).toEqual(['PROFILE:company', 'SNIPPET:voice', 'INPUT:topic', 'INPUT:tone']);
    expect((await call('GET', '/registry/prompts', { token: key })).body.prompts).toEqual([expect.objectContaining({ slug, kind: 'chat' })]);

    const compiled = await compile(key, slug, { variables: { topic: 'tea' }, history: HISTORY });
    expect(compiled.status).toBe(200);
    expect(compiled.body).toEqual({
      kind: 'chat',
      messages: [
        // The global prefix leads the first system message.
        { role: 'system', content: 'Be brief.\n\nYou write for Acme. Plain words.' },
        ...HISTORY,
        { role: 'user', content: 'Write about tea in a warm tone.' },
      ],
      config: CONFIG,
    });
    // History by placeholder name; none for a placeholder leaves it out; directives can be left off.
    const named = await compile(key, slug, { variables: { topic: 'tea', tone: 'dry' }, history: { history: [HISTORY[0]] }, directives: false });
    expect(named.body.messages).toEqual([
      { role: 'system', content: 'You write for Acme. Plain words.' },
      HISTORY[0],
      { role: 'user', content: 'Write about tea in a dry tone.' },
    ]);
    expect((await compile(key, slug, { variables: { topic: 'tea' } })).body.messages).toHaveLength(2);

    const missing = await compile(key, slug, { variables: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Missing value for INPUT variable 'topic' (no default).");
    const badHistory = await compile(key, slug, { variables: { topic: 'x' }, history: [{ role: 'tool', content: 'x' }] });
    expect(badHistory.status).toBe(400);

    // An earlier version by label: its own messages and settings.
    await call('PUT', `/prompts/${id}`, {
      token: user.token,
      json: { title: 'Blog post', kind: 'chat', messages: [{ role: 'user', content: 'v2 [INPUT: topic]' }] },
    });
    await call('PUT', `/prompts/${id}/labels/production`, { token: user.token, json: { version: 1 } });
    expect((await compile(key, slug, { variables: { topic: 'x' }, directives: false })).body).toEqual({
      kind: 'chat',
      messages: [{ role: 'user', content: 'v2 x' }],
      config: {},
    });
    expect((await compile(key, slug, { variables: { topic: 'x' }, label: 'production', directives: false })).body.config).toEqual(CONFIG);
  });

  it('answers a text prompt with its text, its kind and its settings', async () => {
    const user = await signUp();
    const made = await call('POST', '/prompts/', { token: user.token, json: { title: 'Hello', body: 'Hello [INPUT: name]', config: { model: 'gpt-4.1' } } });
    const reply = await compile(user.token, made.body.slug, { variables: { name: 'Ada' }, directives: false });
    expect(reply.body).toEqual({ kind: 'text', text: 'Hello Ada', config: { model: 'gpt-4.1' } });
  });

  it('refuses output past the bound with 413 before building it: 2,000 markers of a 20,000-character value', async () => {
    const user = await signUp();
    const key = (await call('POST', '/api-keys', { token: user.token, json: { name: 'bound', password: user.password } })).body.key as string;
    const text = await call('POST', '/prompts/', { token: user.token, json: { title: 'Many', body: '[INPUT: a]'.repeat(2000) } });
    const reply = await compile(key, text.body.slug, { variables: { a: 'x'.repeat(20_000) } });
    expect(reply.status).toBe(413);
    expect(reply.body.detail).toBe('The compiled prompt would be 40,000,000 characters; the most is 500,000. Send shorter values or use fewer markers.');

    // A chat prompt: every message counts, snippets included.
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'doc', snippet_content: 'd'.repeat(10_000) } });
    const chatty = await call('POST', '/prompts/', {
      token: user.token,
      json: {
        title: 'Chatty',
        kind: 'chat',
        messages: [
          { role: 'system', content: '[SNIPPET: doc]'.repeat(30) },
          { role: 'user', content: '[INPUT: a]'.repeat(30) },
        ],
      },
    });
    const chatReply = await compile(key, chatty.body.slug, { variables: { a: 'y'.repeat(10_000) } });
    expect(chatReply.status).toBe(413);
    expect(chatReply.body.detail).toMatch(/^The compiled prompt would be 600,000 characters/);

    // MCP prompts/get: the same bound, an error the client sees.
    const client = await connect(key);
    await expect(client.getPrompt({ name: text.body.slug, arguments: { a: 'x'.repeat(60_000) } })).rejects.toThrow(
      /The compiled prompt would be 120,000,000 characters; the most is 500,000/,
    );
    await client.close();
  });
});

async function connect(key: string) {
  const client = new Client({ name: 'construct-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${apiUrl()}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

describe('chat prompts over MCP', () => {
  it('gets a chat prompt as user and assistant messages, the system message as a user message', async () => {
    const { user, key, slug } = await writer();
    await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: '', global_prompt_suffix: '' } });
    const client = await connect(key);
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({
        name: slug,
        arguments: [
          { name: 'topic', description: 'topic', required: true },
          { name: 'tone', description: 'One of: warm, dry', required: false },
        ],
      }),
    ]);
    const got = await client.getPrompt({ name: slug, arguments: { topic: 'tea' } });
    expect(got.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'You write for Acme. Plain words.' } },
      { role: 'user', content: { type: 'text', text: 'Write about tea in a warm tone.' } },
    ]);
    const tool = await client.callTool({ name: 'get_prompt', arguments: { slug, variables: { topic: 'tea' } } });
    expect(tool.content).toEqual([{ type: 'text', text: 'System:\nYou write for Acme. Plain words.\n\nUser:\nWrite about tea in a warm tone.' }]);
    await client.close();
  });
});

describe('chat prompts in the SDK', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it('compiles to messages and settings the OpenAI SDK sends as they are, and Anthropic parameters', async () => {
    const { key, slug } = await writer();
    const construct = new Construct({ apiKey: key, baseUrl: inject('baseUrl').replace('//localhost:', '//127.0.0.1:') });

    const compiled = await construct.prompts.compileChat(slug, { topic: 'tea' }, { history: HISTORY as any, directives: false });
    expect(compiled.kind).toBe('chat');
    const openai = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url });
    const answer = await openai.chat.completions.create({ model: 'fallback-model', ...compiled.toOpenAI() });
    expect(answer.choices[0]!.message.content).toContain('Write about tea in a warm tone.');
    expect(fake.requests.at(-1)!.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'system', content: 'You write for Acme. Plain words.' }, ...HISTORY, { role: 'user', content: 'Write about tea in a warm tone.' }],
      temperature: 0.3,
      max_completion_tokens: 300,
      tools: [{ type: 'function', function: CONFIG.tools[0] }],
      tool_choice: { type: 'function', function: { name: 'search' } },
      response_format: { type: 'json_schema', json_schema: { name: 'post', schema: CONFIG.response_format.schema, strict: true } },
    });

    expect(compiled.toAnthropic()).toEqual({
      model: 'gpt-4.1-mini',
      max_tokens: 300,
      system: 'You write for Acme. Plain words.',
      messages: [...HISTORY, { role: 'user', content: 'Write about tea in a warm tone.' }],
      temperature: 0.3,
      tools: [{ name: 'search', description: 'Search the web', input_schema: CONFIG.tools[0]!.parameters }],
      tool_choice: { type: 'tool', name: 'search' },
    });

    // compile() is for text: a chat prompt is refused with the way to its messages.
    await expect(construct.prompts.compile(slug, { topic: 'tea' })).rejects.toThrow(`'${slug}' is a chat prompt: compile it with prompts.compileChat()`);
    // A text prompt through compileChat: one user message.
    const user = await signUp();
    const text = await call('POST', '/prompts/', { token: user.token, json: { title: 'Hi', body: 'Hi [INPUT: n]' } });
    const viaSession = new Construct({ apiKey: user.token, baseUrl: inject('baseUrl').replace('//localhost:', '//127.0.0.1:') });
    expect((await viaSession.prompts.compileChat(text.body.slug, { n: 'Ada' }, { directives: false })).toOpenAI()).toEqual({
      messages: [{ role: 'user', content: 'Hi Ada' }],
    });
  });
});
