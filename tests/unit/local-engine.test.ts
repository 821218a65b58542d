import Ajv2020 from 'ajv/dist/2020.js';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { ModelConfig } from '@shared/contract/chat';
import { checkJsonAnswer } from '../../functions/lib/services/engine/json-answer';
import { exampleOf } from '../../functions/lib/services/engine/json-example';
import { localVerdict, readVerdict, verdictRequest } from '../../functions/lib/services/engine/judge';
import { localAnswer, localChatAnswerText } from '../../functions/lib/services/engine/local';
import { runModel } from '../../functions/lib/services/engine/model';
import type { RunEvent } from '../../functions/lib/services/engine/types';

/**
 * The local engine (no model configured, no connection): it answers chat prompts, makes a tool
 * call when tools are given, answers a JSON schema with a valid instance, and judges a rubric
 * with a reason, all deterministically, so runs, evaluations and compare work without a provider.
 */
const ajv = new Ajv2020({ strict: false, logger: false });
const valid = (schema: object, value: unknown) => ajv.validate(schema, value);

const CHAT = [
  { role: 'system' as const, content: 'You are a travel agent. Answer briefly.' },
  { role: 'user' as const, content: 'Plan a weekend in Lisbon. Mention one museum.' },
  { role: 'assistant' as const, content: 'Sure: when do you travel?' },
  { role: 'user' as const, content: 'In May, with [budget] to spend.' },
];

const WEATHER = {
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } }, required: ['city'] },
};
const BOOK = {
  name: 'book_hotel',
  parameters: {
    type: 'object',
    properties: { nights: { type: 'integer', minimum: 2 }, stars: { enum: [3, 4, 5] }, guest: { type: 'string', format: 'email' } },
    required: ['nights', 'stars', 'guest'],
    additionalProperties: false,
  },
};

async function collect(config: ModelConfig, messages = CHAT): Promise<RunEvent[]> {
  const run = await runModel({ prompt: { kind: 'chat', messages }, config, deadlineMs: 10_000, paced: false });
  const events: RunEvent[] = [];
  for await (const event of run.events) events.push(event);
  return events;
}

describe('the local engine: chat prompts', () => {
  it('answers from the last user message, with the instructions and the conversation around it, the same way every time', () => {
    const answer = localChatAnswerText(CHAT);

    expect(answer.split('\n')[0]).toMatch(/^Local engine: no AI model is configured on this server/);
    expect(answer).toContain('Instructions (system): You are a travel agent.');
    expect(answer).toContain('Task: In May, with [budget] to spend.');
    expect(answer).toContain('Still in brackets (fill these in if they are placeholders): [budget]');
    expect(answer).toContain('Conversation: 4 messages (1 system, 2 user, 1 assistant).');
    expect(localChatAnswerText(CHAT)).toBe(answer);
    expect(localChatAnswerText([...CHAT.slice(0, 3), { role: 'user', content: 'Somewhere else.' }])).not.toBe(answer);
  });

  it('streams through runModel: text, then the token counts, then the end with its timings', async () => {
    const events = await collect({});

    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'text').length).toBeGreaterThan(1);
    expect(types.slice(-2)).toEqual(['usage', 'end']);
    const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(text).toBe(localChatAnswerText(CHAT));
    const usage = events.find((e) => e.type === 'usage')!;
    // The local engine reports no usage of its own: the tokens are counted with the tokenizer, and said to be an estimate.
    expect(usage).toEqual({ type: 'usage', tokens_in: expect.any(Number), tokens_out: countTokens(text), estimated: true });
    expect(usage.tokens_out).toBeGreaterThan(0);
    const end = events.at(-1) as Extract<RunEvent, { type: 'end' }>;
    expect(end.outcome).toBe('complete');
    expect(end.first_token_ms).toBeGreaterThanOrEqual(0);
    expect(end.total_ms).toBeGreaterThanOrEqual(end.first_token_ms);
  });
});

describe('the local engine: tools', () => {
  it('calls the first tool, its arguments valid against the tool’s parameters', async () => {
    const events = await collect({ tools: [WEATHER, BOOK] });

    const calls = events.filter((e) => e.type === 'tool_call');
    expect(calls).toEqual([{ type: 'tool_call', id: 'call_local_get_weather', name: 'get_weather', arguments: expect.any(String) }]);
    const args = JSON.parse((calls[0] as { arguments: string }).arguments);
    expect(valid(WEATHER.parameters, args)).toBe(true);
    expect(events.some((e) => e.type === 'text')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'end', outcome: 'complete' });
  });

  it('calls the tool tool_choice names, and none with tool_choice none', () => {
    const [call] = localAnswer(CHAT, { tools: [WEATHER, BOOK], tool_choice: { type: 'tool', name: 'book_hotel' } }, null);
    expect(call).toMatchObject({ type: 'tool_call', name: 'book_hotel' });
    expect(valid(BOOK.parameters, JSON.parse((call as { arguments: string }).arguments))).toBe(true);

    expect(localAnswer(CHAT, { tools: [WEATHER], tool_choice: 'none' }, null)).toEqual([{ type: 'text', delta: localChatAnswerText(CHAT) }]);
  });

  it('makes a tool call for a text prompt with tools too', () => {
    expect(localAnswer([{ role: 'user', content: 'Weather in Oslo?' }], { tools: [WEATHER] }, 'Weather in Oslo?')[0]).toMatchObject({ name: 'get_weather' });
  });
});

describe('the local engine: JSON', () => {
  const schemas: Record<string, object> = {
    'a flat object': {
      type: 'object',
      properties: { title: { type: 'string', minLength: 3, maxLength: 40 }, score: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['title', 'score'],
    },
    'nested objects and arrays': {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          minItems: 2,
          items: {
            type: 'object',
            properties: { sku: { type: 'string', pattern: '^.+$' }, qty: { type: 'integer', exclusiveMinimum: 0, multipleOf: 5 } },
            required: ['sku', 'qty'],
          },
        },
        tags: { type: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true },
      },
      required: ['items'],
      additionalProperties: false,
    },
    'references, choices and formats': {
      $defs: { when: { type: 'string', format: 'date-time' } },
      type: 'object',
      properties: {
        at: { $ref: '#/$defs/when' },
        kind: { anyOf: [{ const: 'meeting' }, { type: 'string' }] },
        ok: { type: ['boolean', 'null'] },
        url: { type: 'string', format: 'uri' },
      },
      required: ['at', 'kind', 'ok', 'url'],
    },
    'allOf and a top-level array': {
      type: 'array',
      minItems: 1,
      items: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'boolean' } }, required: ['b'] },
        ],
      },
    },
  };

  it.each(Object.entries(schemas))('answers %s with a valid instance', (_, schema) => {
    const value = exampleOf(schema, 'Plan a weekend in Lisbon');
    expect(valid(schema, value), JSON.stringify(ajv.errors)).toBe(true);
    expect(exampleOf(schema, 'Plan a weekend in Lisbon')).toEqual(value);
  });

  it('answers a json_schema run with a valid instance and checks it: valid', async () => {
    const schema = schemas['a flat object']!;
    const events = await collect({ response_format: { type: 'json_schema', name: 'review', schema: schema as Record<string, unknown> } });

    const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(valid(schema, JSON.parse(text))).toBe(true);
    expect(events.at(-2)).toEqual({ type: 'json', valid: true, errors: [] });
  });

  it('answers json_object with an object', async () => {
    const events = await collect({ response_format: { type: 'json_object' } });
    const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(JSON.parse(text)).toEqual({ answer: localChatAnswerText(CHAT) });
    expect(events.find((e) => e.type === 'json')).toEqual({ type: 'json', valid: true, errors: [] });
  });

  it('names what is wrong with an answer that is not valid', () => {
    const format = { type: 'json_schema' as const, name: 'x', schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n', 'm'] } };
    expect(checkJsonAnswer('{"n": "seven"}', format)).toEqual({
      valid: false,
      errors: ["(root) must have required property 'm'"],
    });
    expect(checkJsonAnswer('not json', format).errors[0]).toMatch(/^The answer is not JSON: /);
    expect(checkJsonAnswer('```json\n{"n": 1, "m": 2}\n```', format)).toEqual({ valid: true, errors: [] });
    expect(checkJsonAnswer('[1]', { type: 'json_object' })).toEqual({ valid: false, errors: ['The answer is JSON, but not an object.'] });
    // A schema with an $id is compiled again on the next run, not refused as a duplicate.
    const withId = { ...format, schema: { ...format.schema, $id: 'https://example.com/s' } };
    expect(checkJsonAnswer('{"n": 1, "m": 2}', withId).valid).toBe(true);
    expect(checkJsonAnswer('{"n": 1, "m": 2}', withId).valid).toBe(true);
  });
});

describe('the local engine: judging a rubric', () => {
  it('passes an answer that has the quoted phrases and fails one that lacks them, with the reason', () => {
    expect(localVerdict('Must mention "refund" and "within 14 days".', 'We will send a refund within 14 days.')).toEqual({
      pass: true,
      reason: 'The answer meets the rubric\'s phrases: "refund", "within 14 days".',
    });
    expect(localVerdict('Must mention "refund" and "within 14 days".', 'We are sorry.')).toEqual({
      pass: false,
      reason: 'The answer does not contain "refund", "within 14 days".',
    });
  });

  it('fails an answer with a phrase the rubric rules out', () => {
    expect(localVerdict("Be kind and do not say 'unfortunately'.", 'Unfortunately we cannot.')).toEqual({
      pass: false,
      reason: 'The answer contains "unfortunately", which the rubric rules out.',
    });
    expect(localVerdict("Don't say 'sorry'.", 'Here is your refund.').pass).toBe(true);
  });

  it('judges a rubric without quotes by its key words', () => {
    const rubric = 'The answer apologises, offers a refund and explains the delivery delay.';
    expect(localVerdict(rubric, 'We apologise for the delay in delivery and will refund you.').pass).toBe(true);
    const failed = localVerdict(rubric, 'Thanks for your message.');
    expect(failed.pass).toBe(false);
    expect(failed.reason).toMatch(/^The answer covers only 0 of the rubric's \d key words; it misses /);
    expect(localVerdict('x', '')).toEqual({ pass: false, reason: 'The answer is empty.' });
  });

  it('answers a judge request through runModel with the same verdict every time', async () => {
    const request = verdictRequest('Must mention "Lisbon".', 'A weekend in Lisbon: the tile museum.');
    const verdicts = await Promise.all(
      [1, 2, 3].map(async () => {
        const events = await collect(request.config, request.messages);
        return readVerdict(events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''));
      }),
    );
    expect(verdicts).toEqual(Array(3).fill({ pass: true, reason: 'The answer meets the rubric\'s phrases: "Lisbon".' }));
  });
});
