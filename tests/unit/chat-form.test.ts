import { describe, expect, it } from 'vitest';
import { describeConfig, settingsText } from '@shared/chat';
import type { ModelConfig } from '@shared/contract/chat';
import { configOf, messagesOf, rowsOf, SETTINGS_RULES, settingsFieldsOf, toolNames } from '@/lib/chat-form';

const full: ModelConfig = {
  model: 'gpt-4.1-mini',
  connection_id: 'conn-1',
  temperature: 0.2,
  top_p: 0.9,
  max_tokens: 512,
  stop: ['END', '###'],
  response_format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { a: { type: 'string' } } } },
  tools: [{ name: 'lookup', description: 'Find it', parameters: { type: 'object', properties: {} } }],
  tool_choice: { type: 'tool', name: 'lookup' },
};

describe("the editor's model settings", () => {
  it('round-trips every setting through the form fields', () => {
    expect(configOf(settingsFieldsOf(full))).toEqual({ config: full });
    expect(configOf(settingsFieldsOf(undefined))).toEqual({ config: {} });
    expect(configOf(settingsFieldsOf({ response_format: { type: 'json_object' }, tool_choice: 'none' }))).toEqual({
      config: { response_format: { type: 'json_object' }, tool_choice: 'none' },
    });
  });

  it("says what is wrong, in the contract's words", () => {
    const fields = settingsFieldsOf({});
    expect(configOf({ ...fields, temperature: '5' })).toEqual({ error: 'temperature must be from 0 to 2.' });
    expect(configOf({ ...fields, tools: '[{' })).toEqual({ error: 'Tools must be valid JSON.' });
    expect(SETTINGS_RULES.tools('{"name":"x"}')).toBe('Tools must be a JSON array of {"name", "description", "parameters"}.');
    expect(SETTINGS_RULES.tools('[{"parameters":{"type":"object"}}]')).toBe('A tool needs a name.');
    expect(SETTINGS_RULES.max_tokens('1.5')).toBe('max_tokens must be a whole number.');
    expect(SETTINGS_RULES.temperature('')).toBe(true);
    expect(SETTINGS_RULES.schema('', { format: 'json_schema', schema_name: 'a' })).toBe('A JSON schema is required for this response format.');
    expect(SETTINGS_RULES.schema('', { format: 'text', schema_name: '' })).toBe(true);
    expect(toolNames('[{"name":"a"},{"name":"b"},{}]')).toEqual(['a', 'b']);
    expect(toolNames('not json')).toEqual([]);
  });

  it('summarises and lists the settings for History', () => {
    expect(describeConfig(full)).toBe('gpt-4.1-mini · temperature 0.2 · top_p 0.9 · max 512 tokens · 2 stop sequences · JSON schema answer · 1 tool');
    expect(settingsText(full).split('\n').slice(0, 7)).toEqual([
      'model: gpt-4.1-mini',
      'connection: conn-1',
      'temperature: 0.2',
      'top_p: 0.9',
      'max_tokens: 512',
      'stop: ["END","###"]',
      'response_format: json_schema answer',
    ]);
    // Key order never shows as a change.
    expect(settingsText({ tools: [{ name: 't', parameters: { type: 'object', properties: {} } }] })).toBe(
      settingsText({ tools: [{ name: 't', parameters: { properties: {}, type: 'object' } }] }),
    );
    expect(settingsText({})).toBe('');
  });

  it('keeps messages and placeholders as rows', () => {
    const messages = [
      { role: 'system' as const, content: 'Be kind.' },
      { role: 'placeholder' as const, name: 'history' },
    ];
    expect(messagesOf(rowsOf(messages))).toEqual(messages);
  });
});
