import { describe, expect, it } from 'vitest';
import { curlCode, pythonCode, typescriptCode } from '@shared/openai-code';
import { BadRequestError } from '../../functions/lib/http/errors';
import { readPaste, referenceInCode } from '../../functions/lib/use-cases/openai-prompt';
import { codeSnippet, getWeather, PROMPT_ID, pythonSnippet, supportInstructions, weatherPrompt } from '../fixtures/openai-prompts';

/** An OpenAI prompt object mapped to a chat prompt's versions (functions/lib/use-cases/openai-prompt.ts). */
const read = (paste: unknown, extra: { instructions?: string; title?: string } = {}) =>
  readPaste({ paste: typeof paste === 'string' ? paste : JSON.stringify(paste, null, 2), ...extra });

function refused(paste: unknown, extra: { instructions?: string } = {}): string {
  try {
    read(paste, extra);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return (error as BadRequestError).detail;
  }
  throw new Error('accepted');
}

describe('a prompt object with versions', () => {
  const mapped = read(weatherPrompt);

  it('keeps the versions oldest first, numbered as OpenAI numbered them, and labels the default one production', () => {
    expect(mapped.title).toBe('Weather reporter');
    expect(mapped.openai_id).toBe(PROMPT_ID);
    expect(mapped.versions.map((v) => v.openai)).toEqual(['1', '2', '3']);
    expect(mapped.production).toBe(1);
  });

  it('makes {{name}} an INPUT, with the example value as its default', () => {
    expect(mapped.versions[0]!.messages).toEqual([{ role: 'system', content: 'You report the weather in [INPUT: city=San Francisco].' }]);
    expect(mapped.versions[1]!.messages[1]).toEqual({ role: 'user', content: 'What is it like in [INPUT: city=San Francisco] today? Use [INPUT: unit].' });
    expect(mapped.variables).toEqual([{ name: 'city', default: 'San Francisco' }, { name: 'unit' }]);
  });

  it('carries instructions, developer and assistant messages, text parts and spaced {{ names }}', () => {
    expect(mapped.versions[1]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(mapped.versions[2]!.messages).toEqual([
      { role: 'system', content: 'You report the weather in [INPUT: city=San Francisco]. Be brief.' },
      { role: 'user', content: 'Weather in [INPUT: city=San Francisco]?' },
    ]);
  });

  it('maps model, temperature, max_output_tokens, function tools, tool_choice and the json_schema format', () => {
    expect(mapped.versions[0]!.config).toEqual({ model: 'gpt-4.1', temperature: 0.3 });
    expect(mapped.versions[1]!.config).toEqual({
      model: 'gpt-4.1',
      max_tokens: 500,
      tools: [{ name: 'get_weather', description: 'Current weather for a city', parameters: getWeather.parameters }],
      tool_choice: 'auto',
      response_format: { type: 'json_schema', name: 'weather', schema: weatherPrompt.versions[1]!.text!.format.schema, strict: true },
    });
  });

  it('keeps reasoning effort beside the version and names what it cannot carry', () => {
    expect(mapped.versions[2]!.reasoning_effort).toBe('high');
    expect(mapped.versions[2]!.config.tools?.map((t) => t.name)).toEqual(['get_weather']);
    expect(mapped.notes).toContain(
      "Not carried: OpenAI's built-in tool web_search_preview (a prompt here holds function tools only): add it to your OpenAI call if you still need it.",
    );
  });

  it('labels the newest production when none is pinned, and numbers unnumbered versions in order', () => {
    const { default_version: _, ...unpinned } = weatherPrompt;
    expect(read(unpinned).production).toBe(2);
    const unnumbered = read({ versions: [{ instructions: 'First {{a}}' }, { instructions: 'Second {{a}}' }] });
    expect(unnumbered.versions.map((v) => v.openai)).toEqual(['1', '2']);
    expect(unnumbered.title).toBe('Imported OpenAI prompt');
  });

  it('sorts versions pasted out of order and keeps gaps visible', () => {
    const mixed = read({ ...weatherPrompt, versions: [weatherPrompt.versions[2], { ...weatherPrompt.versions[0], version: 7 }], default_version: 3 });
    expect(mixed.versions.map((v) => v.openai)).toEqual(['3', '7']);
    expect(mixed.production).toBe(0);
  });

  it('drops an example value that cannot be a default, and says so', () => {
    const m = read({ instructions: 'Hi {{who}}', variables: { who: 'a [b] | c' } });
    expect(m.versions[0]!.messages[0]).toEqual({ role: 'system', content: 'Hi [INPUT: who]' });
    expect(m.notes.join(' ')).toContain('who has no default');
  });
});

describe('the code snippet and plain instructions', () => {
  it('reads id, version and variables out of the JavaScript and Python snippets', () => {
    expect(referenceInCode(codeSnippet)).toEqual({ id: PROMPT_ID, version: '2', variables: { city: 'Paris', unit: 'celsius' } });
    expect(referenceInCode(pythonSnippet)).toEqual({ id: PROMPT_ID, version: '4', variables: { customer_name: 'Ada Lovelace', product: '' } });
  });

  it('makes one version of the snippet with the instructions, numbered as the snippet pinned it', () => {
    const m = read(pythonSnippet, { instructions: supportInstructions });
    expect(m.versions.map((v) => v.openai)).toEqual(['4']);
    expect(m.versions[0]!.messages[0]).toEqual({
      role: 'system',
      content: 'You are a support agent for [INPUT: product]. Greet [INPUT: customer_name=Ada Lovelace] by name and answer in two sentences.',
    });
    expect(m.title).toBe(`OpenAI prompt ${PROMPT_ID}`);
  });

  it('takes a Responses request body with its prompt reference', () => {
    const m = read({ prompt: { id: PROMPT_ID, version: '5', variables: { city: 'Oslo' } } }, { instructions: 'Weather in {{city}}' });
    expect(m.versions[0]).toMatchObject({ openai: '5', messages: [{ role: 'system', content: 'Weather in [INPUT: city=Oslo]' }] });
  });

  it('takes plain instructions as one system message', () => {
    const m = read(supportInstructions, { title: 'Support' });
    expect(m).toMatchObject({ title: 'Support', production: 0, variables: [{ name: 'product' }, { name: 'customer_name' }] });
  });
});

describe('bad pastes are refused with what was expected', () => {
  it.each([
    ['a snippet without instructions', codeSnippet, {}, "paste the prompt's instructions too"],
    ['broken JSON', '{"versions": [', {}, 'cannot be read'],
    ['an unknown field', { instructions: 'x', colour: 'red' }, {}, 'colour'],
    ['an unknown role', { input: [{ role: 'tool', content: 'x' }] }, {}, 'role must be'],
    ['an image part', { input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://x' }] }] }, {}, 'Only text parts'],
    ['no text at all', { model: 'gpt-4.1' }, {}, 'has no instructions or messages'],
    [
      'a version twice',
      {
        versions: [
          { version: '1', instructions: 'a' },
          { version: 1, instructions: 'b' },
        ],
      },
      {},
      'once',
    ],
    ['a version that is not a number', { versions: [{ version: 'v2', instructions: 'a' }] }, {}, 'whole number'],
    ['a default version not pasted', { default_version: '9', versions: [{ version: '1', instructions: 'a' }] }, {}, 'default version 9'],
    [
      'a tool schema that is not JSON Schema',
      { instructions: 'a', tools: [{ type: 'function', name: 'f', parameters: { type: 'object', properties: 3 } }] },
      {},
      'not valid JSON Schema',
    ],
    [
      'a json_schema format without a name',
      { instructions: 'a', text: { format: { type: 'json_schema', schema: { type: 'object' } } } },
      {},
      "response schema's name",
    ],
    ['a tool_choice of an unknown shape', { instructions: 'a', tool_choice: { type: 'mcp' } }, {}, 'tool_choice must be'],
  ])('%s', (_, paste, extra, expected) => {
    expect(refused(paste, extra)).toContain(expected);
  });
});

describe('the replacement code', () => {
  const r = {
    slug: 'weather-reporter',
    origin: 'https://construct.example.com',
    openaiId: PROMPT_ID,
    openaiVersion: '2',
    variables: [{ name: 'city', default: 'San Francisco' }, { name: 'unit' }],
    reasoningEffort: 'high',
  };

  it('compiles the slug at production with the SDK and sends it to Chat Completions (TypeScript)', () => {
    const ts = typescriptCode(r);
    expect(ts).toContain(`construct.prompts.compileChat("weather-reporter", { city: "San Francisco", unit: "<unit>" }, { label: 'production' })`);
    expect(ts).toContain('openai.chat.completions.create({ model: "gpt-4.1", reasoning_effort: "high", ...compiled.toOpenAI() })');
    expect(ts).toContain(`//   prompt: { id: "${PROMPT_ID}", version: "2"`);
    expect(typescriptCode({ ...r, model: 'o4-mini', reasoningEffort: undefined })).toContain('create({ ...compiled.toOpenAI() })');
  });

  it('calls the registry compile route in Python and curl', () => {
    const url = 'https://construct.example.com/api/v1/registry/prompts/weather-reporter/compile';
    expect(pythonCode(r)).toContain(url);
    expect(pythonCode(r)).toContain('reasoning_effort="high"');
    expect(curlCode(r)).toContain(url);
    expect(curlCode(r)).toContain(`-d '{"variables":{"city":"San Francisco","unit":"<unit>"},"label":"production"}'`);
  });
});
