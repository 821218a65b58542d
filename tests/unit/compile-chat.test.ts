import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyOf, sameJson, transcriptOf } from '@shared/chat';
import { COMPILED_MAX, CompiledTooLarge, CompileError, compileBody, compileChat, filledLength } from '@shared/compile';
import { type ChatMessage, Messages, ModelConfig } from '@shared/contract/chat';
import { parseVariables, renderTemplate, variableId } from '@shared/variables';

const context = { snippets: [{ snippet_name: 'Bio', snippet_content: 'We make tea.' }], profile: { team: 'Sales' } };
const messages: ChatMessage[] = [
  { role: 'system', content: 'You write for [PROFILE: team]. [SNIPPET: bio]' },
  { role: 'placeholder', name: 'history' },
  { role: 'user', content: 'Summarise [INPUT: notes] in a [INPUT: tone=friendly|formal] tone.' },
  { role: 'assistant', content: 'Sure. Tone: [INPUT: tone]' },
];

describe('chat compile', () => {
  it('fills markers in every message and puts the history in for the placeholder', () => {
    const history = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hello' },
    ];
    expect(compileChat(messages, { notes: 'Q3' }, context, undefined, history)).toEqual([
      { role: 'system', content: 'You write for Sales. We make tea.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Summarise Q3 in a friendly tone.' },
      // The default declared in another message applies here too.
      { role: 'assistant', content: 'Sure. Tone: friendly' },
    ]);
  });

  it('leaves a placeholder out without history, and takes history by placeholder name', () => {
    const twoSlots: ChatMessage[] = [
      { role: 'placeholder', name: 'a' },
      { role: 'user', content: 'x' },
      { role: 'placeholder', name: 'b' },
    ];
    expect(compileChat(twoSlots, {}, context, undefined)).toEqual([{ role: 'user', content: 'x' }]);
    expect(compileChat(twoSlots, {}, context, undefined, { b: [{ role: 'assistant', content: 'B' }], other: [{ role: 'user', content: '?' }] })).toEqual([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: 'B' },
    ]);
  });

  it('is strict about INPUTs across messages, as the text compile is', () => {
    expect(() => compileChat(messages, {}, context, undefined)).toThrow("Missing value for INPUT variable 'notes' (no default).");
    expect(() => compileChat(messages, { notes: 'x', tone: 'rude' }, context, undefined)).toThrow("Variable 'tone' must be one of: friendly, formal.");
  });

  it('wraps the first system message in the directives, or leads with a system message of its own', () => {
    const directives = { global_prompt_prefix: 'Be brief.', global_prompt_suffix: 'Sign off.' };
    expect(compileChat(messages, { notes: 'n' }, context, directives)[0]).toEqual({
      role: 'system',
      content: 'Be brief.\n\nYou write for Sales. We make tea.\n\nSign off.',
    });
    expect(compileChat([{ role: 'user', content: 'Hi' }], {}, context, directives)).toEqual([
      { role: 'system', content: 'Be brief.\n\nSign off.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(compileChat([{ role: 'user', content: 'Hi' }], {}, context, { global_prompt_prefix: ' ', global_prompt_suffix: '' })).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });
});

describe('the compile bound', () => {
  it('refuses 2,000 markers of a 20,000-character value before building anything', () => {
    const body = '[INPUT: a]'.repeat(2000);
    let thrown: unknown;
    try {
      compileBody(body, { a: 'x'.repeat(20_000) }, context, undefined);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CompiledTooLarge);
    expect(thrown).toBeInstanceOf(CompileError);
    expect((thrown as Error).message).toBe(
      'The compiled prompt would be 40,000,000 characters; the most is 500,000. Send shorter values or use fewer markers.',
    );
  });

  it('counts snippets, profile values, directives and history, and every message', () => {
    const big = { snippets: [{ snippet_name: 'doc', snippet_content: 'd'.repeat(10_000) }], profile: { p: 'p'.repeat(10_000) } };
    const chat: ChatMessage[] = [
      { role: 'system', content: '[SNIPPET: doc]'.repeat(30) },
      { role: 'user', content: '[PROFILE: p]'.repeat(30) },
    ];
    expect(() => compileChat(chat, {}, big, undefined)).toThrow(CompiledTooLarge);
    // Under the bound it builds; exactly at the bound too.
    expect(compileChat(chat, {}, big, undefined, undefined, 600_000).map((m) => m.content.length)).toEqual([300_000, 300_000]);
    expect(() => compileChat(chat, {}, big, undefined, undefined, 600_000 - 1)).toThrow('would be 600,000 characters; the most is 599,999');
  });

  it('counts a history once per placeholder it fills', () => {
    const chat: ChatMessage[] = [
      { role: 'placeholder', name: 'a' },
      { role: 'placeholder', name: 'b' },
      { role: 'user', content: 'x' },
    ];
    const history = [{ role: 'user' as const, content: 'h'.repeat(300) }];
    expect(() => compileChat(chat, {}, context, undefined, history, 600)).toThrow('would be 601 characters');
    expect(compileChat(chat, {}, context, undefined, history, 601)).toHaveLength(3);
  });

  it('predicts the filled length exactly', () => {
    const marker = fc.constantFrom('[INPUT: a]', '[INPUT:b=dflt]', '[SNIPPET: Bio]', '[PROFILE: team]', '[PROFILE: none]', '[INPUT: ]', '[x]', 'text ', '\n');
    fc.assert(
      fc.property(fc.array(marker, { maxLength: 30 }), fc.string({ maxLength: 20 }), (parts, value) => {
        const body = parts.join('');
        const values: Record<string, string | undefined> = {};
        for (const v of parseVariables(body)) values[variableId(v)] = v.type === 'INPUT' ? value || v.default : v.key === 'team' ? 'Sales' : undefined;
        expect(filledLength(body, values)).toBe(renderTemplate(body, values).length);
      }),
    );
  });

  it('keeps the bound well under what Lambda answers', () => {
    // Worst-escaped JSON is 6 bytes a character: under Lambda's 6 MB answer with room for the envelope.
    expect(COMPILED_MAX * 6).toBeLessThan(6 * 1024 * 1024 * 0.5);
  });
});

describe('chat content', () => {
  it('derives a readable body holding exactly the markers of the messages', () => {
    const body = transcriptOf(messages);
    expect(body).toBe(
      [
        'System:\nYou write for [PROFILE: team]. [SNIPPET: bio]',
        '(Placeholder: history)',
        'User:\nSummarise [INPUT: notes] in a [INPUT: tone=friendly|formal] tone.',
        'Assistant:\nSure. Tone: [INPUT: tone]',
      ].join('\n\n'),
    );
    expect(parseVariables(body).map(variableId)).toEqual(['PROFILE:team', 'SNIPPET:bio', 'INPUT:notes', 'INPUT:tone']);
    expect(bodyOf({ kind: 'text', body: 'Hi' })).toBe('Hi');
    expect(bodyOf({ kind: 'chat', messages })).toBe(body);
  });

  it('compares JSON whatever the order of keys', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2 }] } }, { b: { c: [1, { d: 2 }] }, a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, [1])).toBe(false);
  });
});

describe('chat contract', () => {
  const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

  it('names the problem of a bad message', () => {
    expect(issues(Messages, [{ role: 'bot', content: 'x' }])).toEqual(["Each message's role must be system, user, assistant or placeholder."]);
    expect(
      issues(Messages, [
        { role: 'user', content: 'x' },
        { role: 'placeholder', name: 'h', content: 'x' },
      ]),
    ).toEqual(['A placeholder message has a name and no content.']);
    expect(issues(Messages, [{ role: 'placeholder', name: 'h' }])).toEqual(['A chat prompt needs at least one system, user or assistant message.']);
    expect(
      issues(Messages, [
        { role: 'user', content: 'x'.repeat(10_001) },
        { role: 'user', content: 'x'.repeat(10_000) },
      ]),
    ).toEqual(["A chat prompt's messages must be at most 20000 characters in all."]);
    expect(issues(Messages, [{ role: 'user', content: ' ' }])).toEqual(["A message's content is required."]);
  });

  it('names the problem of bad model settings', () => {
    const tool = { name: 'lookup', parameters: { type: 'object', properties: {} } };
    expect(issues(ModelConfig, { tools: [{ parameters: { type: 'object' } }] })).toEqual(['A tool needs a name.']);
    expect(issues(ModelConfig, { tools: [{ ...tool, parameters: { type: 'string' } }] })).toEqual([
      'A tool\'s parameters must be a JSON Schema with "type": "object".',
    ]);
    expect(issues(ModelConfig, { tools: [tool, tool] })).toEqual(['Each tool needs a name of its own.']);
    expect(issues(ModelConfig, { tool_choice: { type: 'tool', name: 'other' }, tools: [tool] })).toEqual([
      'tool_choice names a tool that is not among the tools.',
    ]);
    expect(issues(ModelConfig, { tool_choice: 'required' })).toEqual(['tool_choice asks for a tool, but there are no tools.']);
    expect(issues(ModelConfig, { temperature: 3 })).toEqual(['temperature must be from 0 to 2.']);
    expect(issues(ModelConfig, { response_format: { type: 'xml' } })).toEqual(["response_format's type must be text, json_object or json_schema."]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'array', items: deep };
    expect(issues(ModelConfig, { response_format: { type: 'json_schema', name: 'deep', schema: deep } })).toEqual([
      'The response schema nests more than 32 levels deep.',
    ]);
    expect(issues(ModelConfig, { tools: [{ ...tool, description: 'é'.repeat(2000) }], stop: ['x'] })).toEqual([]);
  });
});

/** Issue 32, item 15: a missing SNIPPET compiled silently to its marker while a missing INPUT was a 400. One rule now. */
describe('a missing snippet', () => {
  it('is an error naming it, as a missing INPUT is, in text and chat compiles', () => {
    expect(() => compileBody('Hi [SNIPPET: nope] and [SNIPPET: bio]', {}, context, undefined)).toThrow(
      "Missing snippet 'nope': no snippet of that name in the Context Library (no default).",
    );
    expect(() => compileChat([{ role: 'system', content: '[SNIPPET: a] [SNIPPET: b]' }], {}, context, undefined)).toThrow(
      "Missing snippets 'a', 'b': no snippet of that name in the Context Library (no default).",
    );
    let thrown: unknown;
    try {
      compileBody('[SNIPPET: gone]', {}, context, undefined);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CompileError);
    // A stored one (by name, any case) or a default fills; an unset PROFILE value stays [key].
    expect(compileBody('[SNIPPET: BIO] [SNIPPET: sig=Cheers] [PROFILE: none]', {}, context, undefined)).toBe('We make tea. Cheers [none]');
  });
});
