import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { seedTeam, setTier } from '../support/db';
import { FAKE_ANTHROPIC_USAGE } from '../support/fake-anthropic';
import { FAKE_USAGE } from '../support/fake-openai';
import { createConnection, useModelFakes } from '../support/model-fakes';
import { postRun, readChunks, run, runEvents, textOf } from '../support/stream';

/**
 * Chat runs (POST /engine/run with `messages` and `config`), answered as events
 * (application/x-ndjson): on the shared stack's local engine, and on workspace connections through
 * the real openai and @anthropic-ai/sdk SDKs against loopback fakes of their APIs, streaming,
 * tools and JSON schemas included. A run on a connection takes none of the plan's daily runs but
 * holds a run lease.
 */
type User = Awaited<ReturnType<typeof signUp>>;
const models = useModelFakes();

const OPENAI_KEY = 'sk-run-openai-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-run-0123456789abcdef';
const WEATHER = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
};
const REVIEW = {
  type: 'json_schema' as const,
  name: 'review',
  schema: { type: 'object', properties: { title: { type: 'string' }, stars: { type: 'integer' } }, required: ['title', 'stars'], additionalProperties: false },
};
const chat = (user: string, system = 'You are terse.') => [
  { role: 'system', content: system },
  { role: 'user', content: user },
];
const unique = (text: string) => `${text} ${Math.random().toString(36).slice(2, 8)}`;

const openAiConnection = (user: User, extra: Record<string, unknown> = {}) =>
  createConnection(user, { provider: 'openai', base_url: models.openai.url, api_key: OPENAI_KEY, models: ['gpt-fake-mini'], ...extra });
const anthropicConnection = (user: User) =>
  createConnection(user, { provider: 'anthropic', base_url: models.anthropic.url, api_key: ANTHROPIC_KEY, models: ['claude-fake-haiku'] });

const openAiRequestFor = (content: string) => models.openai.requests.find((r) => r.body?.messages?.at(-1)?.content === content);
const anthropicRequestFor = (content: string) => models.anthropic.requests.find((r) => r.body?.messages?.at(-1)?.content === content);

describe('a chat run on the local engine', () => {
  it('streams events: who answers, the text in pieces, the tokens, the end with its timings', async () => {
    const user = await signUp();

    const reply = await runEvents({ messages: chat('Plan a weekend in Lisbon.'), prompt_id: 'p1', version: 3 }, { token: user.token });

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(reply.headers.get('x-runs-remaining')).toBe('19');
    expect(reply.events[0]).toEqual({ type: 'start', engine: 'local', model: 'construct-local' });
    expect(reply.events.filter((e) => e.type === 'text').length).toBeGreaterThan(1);
    expect(textOf(reply.events)).toContain('Instructions (system): You are terse.');
    expect(reply.events.at(-2)).toEqual({ type: 'usage', tokens_in: expect.any(Number), tokens_out: expect.any(Number), estimated: true });
    expect(reply.events.at(-1)).toEqual({ type: 'end', outcome: 'complete', first_token_ms: expect.any(Number), total_ms: expect.any(Number) });
    // Streamed: the lines arrive in more than one piece.
    expect(reply.chunks.length).toBeGreaterThan(1);
  });

  it('makes a tool call when tools are given, and answers a JSON schema with a valid instance', async () => {
    const user = await signUp();

    const tools = await runEvents({ messages: chat('Weather in Oslo?'), config: { tools: [WEATHER] } }, { token: user.token });
    const json = await runEvents({ messages: chat('Review the film.'), config: { response_format: REVIEW } }, { token: user.token });

    const call = tools.events.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ name: 'get_weather' });
    expect(JSON.parse(call.arguments)).toEqual({ city: expect.any(String), days: expect.any(Number) });
    expect(json.events.find((e) => e.type === 'json')).toEqual({ type: 'json', valid: true, errors: [] });
    expect(JSON.parse(textOf(json.events))).toEqual({ title: expect.any(String), stars: expect.any(Number) });
  });

  it('keeps the text answer for clients that do not ask for events', async () => {
    const user = await signUp();

    const reply = await run({ messages: chat('Weather in Oslo?'), config: { tools: [WEATHER] } }, { token: user.token });

    expect(reply.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(reply.text).toMatch(/^\n\[Tool call: get_weather \{"city":".+","days":\d+\}\]\n$/);
  });

  it.each([
    ['both text and messages', { text: 'hi', messages: chat('hi') }, 'Send text or messages, not both.'],
    ['an unknown role', { messages: [{ role: 'tool', content: 'x' }] }, "Each message's role must be system, user or assistant."],
    ['a placeholder left in', { messages: [{ role: 'placeholder', name: 'history' }] }, "Each message's role must be system, user or assistant."],
    [
      'messages over 20,000 characters in all',
      { messages: [chat('x'.repeat(15_000))[1], chat('y'.repeat(5_001))[1]] },
      'The messages must be at most 20,000 characters in all.',
    ],
    ['a tool without a name', { messages: chat('hi'), config: { tools: [{ parameters: { type: 'object' } }] } }, 'config.tools.0.name is required.'],
    [
      'a response schema that is not JSON Schema',
      { messages: chat('hi'), config: { response_format: { type: 'json_schema', name: 'x', schema: { type: 'objekt' } } } },
      'The response schema is not valid JSON Schema: /type must be equal to one of the allowed values.',
    ],
    ['a temperature out of range', { messages: chat('hi'), config: { temperature: 3 } }, 'temperature must be from 0 to 2.'],
  ])('refuses %s with 400 and a detail, taking no run', async (_, json, detail) => {
    const user = await signUp();

    const refused = await call('POST', '/engine/run', { token: user.token, json });

    expect([refused.status, refused.body.detail]).toEqual([400, detail]);
    expect((await run({ text: 'hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('19');
  });
});

describe('a run on an OpenAI connection', () => {
  it('counts the tokens itself, marked as an estimate, when an OpenAI-compatible server sends no usage', async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    const question = unique('SCENARIO:no-usage Plan a weekend in Lisbon.');

    const reply = await runEvents({ messages: chat(question), connection_id: id }, { token: user.token });

    expect(reply.status).toBe(200);
    expect(textOf(reply.events)).toBe(`Answer: ${question}`);
    expect(reply.events.find((e) => e.type === 'usage')).toEqual({
      type: 'usage',
      tokens_in: countTokens(`You are terse.\n${question}`),
      tokens_out: countTokens(`Answer: ${question}`),
      estimated: true,
    });
  });

  it("streams the model's answer through the openai SDK with the workspace's key and the prompt's settings, taking no daily run", async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    const question = unique('Plan a weekend in Lisbon.');

    const reply = await runEvents(
      { messages: chat(question), config: { model: 'gpt-fake-large', temperature: 0.3, top_p: 0.9, max_tokens: 50, stop: ['END'] }, connection_id: id },
      { token: user.token },
    );

    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-runs-remaining')).toBeNull();
    expect(reply.events[0]).toEqual({ type: 'start', engine: 'openai', model: 'gpt-fake-large' });
    expect(textOf(reply.events)).toBe(`Answer: ${question}`);
    expect(reply.events.filter((e) => e.type === 'text').length).toBeGreaterThan(2);
    expect(reply.events.find((e) => e.type === 'usage')).toEqual({
      type: 'usage',
      tokens_in: FAKE_USAGE.prompt_tokens,
      tokens_out: FAKE_USAGE.completion_tokens,
    });
    expect(reply.events.at(-1)).toMatchObject({ type: 'end', outcome: 'complete' });
    const request = openAiRequestFor(question)!;
    expect(request.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request.body).toEqual({
      model: 'gpt-fake-large',
      stream: true,
      stream_options: { include_usage: true },
      messages: chat(question),
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 50,
      stop: ['END'],
    });
    expect(request.ended).toBe('complete');
    // The day's runs are untouched.
    expect((await run({ text: 'hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('19');
  });

  it("shows the model's tool calls (name and JSON arguments) and runs none of them", async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    const question = unique('Weather in Oslo?');

    const reply = await runEvents(
      { messages: chat(question), config: { tools: [WEATHER], tool_choice: 'required' }, connection_id: id },
      { token: user.token },
    );

    expect(reply.events.filter((e) => e.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_fake_1', name: 'get_weather', arguments: '{"city":"fake value","days":7}' },
    ]);
    expect(openAiRequestFor(question)!.body).toMatchObject({
      model: 'gpt-fake-mini',
      tools: [{ type: 'function', function: WEATHER }],
      tool_choice: 'required',
    });
  });

  it("runs a saved version with its own settings, whatever the request says of them (issue 28): only the connection's model is the caller's", async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    const saved = await call('POST', '/prompts/', {
      token: user.token,
      json: { title: 'Weather', kind: 'chat', messages: chat('Weather?'), config: { model: 'gpt-4.1', temperature: 0.3, tools: [WEATHER] } },
    });
    expect(saved.status).toBe(201);
    const question = unique('Weather in Bergen?');

    const reply = await runEvents(
      { messages: chat(question), config: { temperature: 1.5, model: 'gpt-fake-mini' }, connection_id: id, prompt_id: saved.body.id, version: 1 },
      { token: user.token },
    );

    expect(reply.status).toBe(200);
    const sent = openAiRequestFor(question)!.body;
    expect(sent).toMatchObject({ model: 'gpt-fake-mini', temperature: 0.3, tools: [{ type: 'function', function: WEATHER }] });
    // A prompt id that names no saved version (a library prompt, a draft) runs the request's settings.
    const other = unique('Weather in Tromsø?');
    await runEvents({ messages: chat(other), config: { temperature: 1.5 }, connection_id: id, prompt_id: 'not-saved', version: 1 }, { token: user.token });
    expect(openAiRequestFor(other)!.body).toMatchObject({ temperature: 1.5 });
    expect(openAiRequestFor(other)!.body.tools).toBeUndefined();
  });

  it('compiles a saved version on the server from variables, as the registry does (issue 28): the browser sends no messages', async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    await call('PUT', '/context/directives', { token: user.token, json: { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' } });
    await call('POST', '/context/snippets', { token: user.token, json: { snippet_name: 'voice', snippet_content: 'Plain words.' } });
    const city = unique('Bergen');
    const saved = await call('POST', '/prompts/', {
      token: user.token,
      json: {
        title: 'Weather from variables',
        kind: 'chat',
        messages: [
          { role: 'system', content: 'You report the weather. [SNIPPET: voice]' },
          { role: 'user', content: 'Weather in [INPUT: city] for [INPUT: days=3] days?' },
        ],
        config: { temperature: 0.2 },
      },
    });
    expect(saved.status).toBe(201);
    const target = { prompt_id: saved.body.id, version: 1, connection_id: id };

    const reply = await runEvents({ ...target, variables: { city } }, { token: user.token });

    expect(reply.status).toBe(200);
    const sent = openAiRequestFor(`Weather in ${city} for 3 days?`)!.body;
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be brief.\n\nYou report the weather. Plain words.' },
      { role: 'user', content: `Weather in ${city} for 3 days?` },
    ]);
    expect(sent.temperature).toBe(0.2);
    // directives: false leaves the prefix out, as the registry's compile does.
    const bare = unique('Oslo');
    expect((await runEvents({ ...target, variables: { city: bare }, directives: false }, { token: user.token })).status).toBe(200);
    expect(openAiRequestFor(`Weather in ${bare} for 3 days?`)!.body.messages[0]).toEqual({ role: 'system', content: 'You report the weather. Plain words.' });

    // The compile's rules answer before any model is asked, and take nothing of the day.
    const missing = await postRun({ ...target, variables: {} }, { token: user.token });
    expect(missing.status).toBe(400);
    expect((await missing.json()).detail).toBe("Missing value for INPUT variable 'city' (no default).");
    const onProduct = await postRun({ prompt_id: saved.body.id, version: 1, variables: {} }, { token: user.token });
    expect(onProduct.status).toBe(400);
    expect((await runEvents({ text: 'Hi' }, { token: user.token })).headers.get('x-runs-remaining')).toBe('19');
    const unsaved = await postRun({ prompt_id: saved.body.id, version: 9, variables: { city } }, { token: user.token });
    expect(unsaved.status).toBe(404);
    const mixed = await postRun({ ...target, variables: { city }, text: 'Hi' }, { token: user.token });
    expect(mixed.status).toBe(400);
    expect((await postRun({ variables: { city } }, { token: user.token })).status).toBe(400);
  });

  it('checks a JSON answer against the schema: valid, or the problems', async () => {
    const user = await signUp();
    const id = await openAiConnection(user);

    const good = await runEvents({ messages: chat(unique('Review it.')), config: { response_format: REVIEW }, connection_id: id }, { token: user.token });
    const bad = await runEvents(
      { messages: chat(unique('SCENARIO:json-wrong')), config: { response_format: REVIEW }, connection_id: id },
      { token: user.token },
    );

    expect(good.events.find((e) => e.type === 'json')).toEqual({ type: 'json', valid: true, errors: [] });
    expect(bad.events.find((e) => e.type === 'json')).toEqual({ type: 'json', valid: false, errors: ['/title must be string'] });
    const sent = models.openai.requests.findLast((r) => r.body?.response_format)!.body.response_format;
    expect(sent).toEqual({ type: 'json_schema', json_schema: { name: 'review', schema: REVIEW.schema } });
  });

  it('sends max_tokens to an OpenAI-compatible server, at its base URL', async () => {
    const user = await signUp();
    const id = await createConnection(user, {
      provider: 'openai_compatible',
      base_url: models.openai.url,
      api_key: 'ollama-0123456789',
      models: ['llama-fake'],
    });
    const question = unique('Hello there.');

    const reply = await runEvents({ messages: chat(question), config: { max_tokens: 64 }, connection_id: id }, { token: user.token });

    expect(reply.events[0]).toEqual({ type: 'start', engine: 'openai_compatible', model: 'llama-fake' });
    expect(textOf(reply.events)).toBe(`Answer: ${question}`);
    expect(openAiRequestFor(question)!.body).toMatchObject({ model: 'llama-fake', max_tokens: 64 });
    expect(openAiRequestFor(question)!.body.max_completion_tokens).toBeUndefined();
  });

  it('answers 502 with the reason when the provider refuses the key, and 400 when no model is named', async () => {
    const user = await signUp();
    const refusedKey = await openAiConnection(user, { api_key: 'sk-bad-0123456789abcdefgh' });
    const noModels = await openAiConnection(user, { models: [] });

    const refused = await call('POST', '/engine/run', { token: user.token, json: { messages: chat('hi'), connection_id: refusedKey } });
    const unnamed = await call('POST', '/engine/run', { token: user.token, json: { messages: chat('hi'), connection_id: noModels } });

    expect([refused.status, refused.body.detail]).toEqual([502, "The AI service refused the API key (401); check the connection's key."]);
    expect([unnamed.status, unnamed.body.detail]).toEqual([400, 'Choose a model for this connection: the prompt names none, and the connection lists none.']);
  });

  it('answers 404 for a connection of another workspace or one deleted, and takes nothing', async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const id = await openAiConnection(owner);

    const foreign = await call('POST', '/engine/run', { token: other.token, json: { messages: chat('hi'), connection_id: id } });
    await call('DELETE', `/connections/${id}`, { token: owner.token });
    const deleted = await call('POST', '/engine/run', { token: owner.token, json: { messages: chat('hi'), config: { connection_id: id } } });

    expect([foreign.status, foreign.body.detail]).toEqual([404, 'Connection not found.']);
    expect([deleted.status, deleted.body.detail]).toEqual([404, 'Connection not found.']);
    expect((await run({ text: 'hi' }, { token: other.token })).headers.get('x-runs-remaining')).toBe('19');
  });

  it('bounds the runs a person has on a connection at once (429), whatever their plan', async () => {
    const user = await signUp();
    const id = await openAiConnection(user);
    const controller = new AbortController();
    const endless = () => postRun({ messages: chat(unique('SCENARIO:endless')), connection_id: id }, { token: user.token, signal: controller.signal });

    const held = await Promise.all([endless(), endless(), endless()]);
    const fourth = await call('POST', '/engine/run', { token: user.token, json: { messages: chat('one more'), connection_id: id } });
    controller.abort();

    expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
    expect([fourth.status, fourth.body.detail]).toEqual([429, 'You already have 3 runs in progress. Please wait for one to finish.']);
  });

  it('lets every member of a team run on its connection, and no one else', async () => {
    const [owner, viewer, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
    await setTier(owner.id, 'pro');
    const team = await seedTeam('Runners', 'pro', [
      { id: owner.id, role: 'owner' },
      { id: viewer.id, role: 'viewer' },
    ]);
    const id = await openAiConnection(owner, {});
    const teamId = await createConnection(owner, { provider: 'openai', base_url: models.openai.url, api_key: OPENAI_KEY, models: ['gpt-fake-mini'] }, team);
    const question = unique('Team question.');

    const viewerRun = await runEvents({ messages: chat(question), connection_id: teamId }, { token: viewer.token, workspace: team });
    const personal = await call('POST', `/engine/run?workspace=${team}`, { token: viewer.token, json: { messages: chat('hi'), connection_id: id } });
    const strangerRun = await call('POST', `/engine/run?workspace=${team}`, { token: stranger.token, json: { messages: chat('hi'), connection_id: teamId } });

    expect(textOf(viewerRun.events)).toBe(`Answer: ${question}`);
    expect([personal.status, personal.body.detail]).toEqual([404, 'Connection not found.']);
    expect([strangerRun.status, strangerRun.body.detail]).toEqual([404, 'Team not found.']);
  });
});

describe('a run on an Anthropic connection', () => {
  it('streams through @anthropic-ai/sdk: the system text apart, max_tokens by default, the usage', async () => {
    const user = await signUp();
    const id = await anthropicConnection(user);
    const question = unique('Summarise the plot.');

    const reply = await runEvents(
      {
        messages: [...chat(question, 'You are a critic.'), { role: 'assistant', content: 'Which film?' }, { role: 'user', content: question }],
        connection_id: id,
        config: { temperature: 0.5 },
      },
      { token: user.token },
    );

    expect(reply.events[0]).toEqual({ type: 'start', engine: 'anthropic', model: 'claude-fake-haiku' });
    expect(textOf(reply.events)).toBe(`Answer: ${question}`);
    expect(reply.events.filter((e) => e.type === 'text').length).toBeGreaterThan(2);
    expect(reply.events.find((e) => e.type === 'usage')).toEqual({
      type: 'usage',
      tokens_in: FAKE_ANTHROPIC_USAGE.input_tokens,
      tokens_out: FAKE_ANTHROPIC_USAGE.output_tokens,
    });
    expect(reply.events.at(-1)).toMatchObject({ type: 'end', outcome: 'complete' });
    const request = anthropicRequestFor(question)!;
    expect(request.apiKey).toBe(ANTHROPIC_KEY);
    expect(request.body).toEqual({
      model: 'claude-fake-haiku',
      stream: true,
      max_tokens: 4096,
      system: 'You are a critic.',
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: 'Which film?' },
        { role: 'user', content: question },
      ],
      temperature: 0.5,
    });
  });

  it('shows a tool use, with its input streamed whole, and checks a structured answer', async () => {
    const user = await signUp();
    const id = await anthropicConnection(user);
    const question = unique('Weather in Oslo?');

    const tools = await runEvents(
      { messages: chat(question), config: { tools: [WEATHER], tool_choice: { type: 'tool', name: 'get_weather' } }, connection_id: id },
      { token: user.token },
    );
    const json = await runEvents({ messages: chat(unique('Review it.')), config: { response_format: REVIEW }, connection_id: id }, { token: user.token });

    expect(tools.events.filter((e) => e.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_fake_1', name: 'get_weather', arguments: '{"city":"fake value","days":7}' },
    ]);
    expect(anthropicRequestFor(question)!.body).toMatchObject({
      tools: [{ name: 'get_weather', description: WEATHER.description, input_schema: WEATHER.parameters }],
      tool_choice: { type: 'tool', name: 'get_weather' },
    });
    expect(json.events.find((e) => e.type === 'json')).toEqual({ type: 'json', valid: true, errors: [] });
    expect(models.anthropic.requests.findLast((r) => r.body?.output_config)!.body.output_config).toEqual({
      format: { type: 'json_schema', schema: REVIEW.schema },
    });
  });

  it('answers 502 for a failure before the answer, and ends with an error event for one after it', async () => {
    const user = await signUp();
    const id = await anthropicConnection(user);

    const before = await call('POST', '/engine/run', { token: user.token, json: { messages: chat('SCENARIO:500'), connection_id: id } });
    const after = await runEvents({ messages: chat(unique('SCENARIO:overloaded')), connection_id: id }, { token: user.token });

    expect([before.status, before.body.detail]).toEqual([502, 'The AI service failed (500). Please try again.']);
    expect(textOf(after.events)).toBe('Answer');
    expect(after.events.at(-2)).toEqual({
      type: 'error',
      detail: expect.stringMatching(/^The model stopped with an error: .+\. The answer above is incomplete\.$/),
    });
    expect(after.events.at(-1)).toMatchObject({ type: 'end', outcome: 'error' });
  });

  it('stops asking the model when the client stops reading', async () => {
    const user = await signUp();
    const id = await anthropicConnection(user);
    const question = unique('SCENARIO:endless');
    const controller = new AbortController();

    const res = await postRun({ messages: chat(question), connection_id: id }, { token: user.token, signal: controller.signal, events: true });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();

    await expect.poll(() => anthropicRequestFor(question)?.ended, { timeout: 10_000 }).toBe('client-closed');
    expect((await readChunks(await postRun({ messages: chat('Hello again.'), connection_id: id }, { token: user.token }))).text).toBe('Answer: Hello again.');
  });
});
