import { describe, expect, it } from 'vitest';
import { RunRequest } from '@shared/contract/run';
import { defaultTarget } from '../../web/src/components/run-target';
import { openedLibraryPrompt } from '../../web/src/features/library/utils/opened';
import { fillMessages, runRequest } from '../../web/src/features/workbench/utils/run-request';

/**
 * What the workbench's Run sends: a saved version of the workspace's prompt by its INPUT values (the
 * server compiles it), else the filled text or messages; the settings and the connection.
 */
const values = { 'INPUT:city': 'Oslo', 'INPUT:tone': undefined };
const directives = { global_prompt_prefix: 'Be brief.', global_prompt_suffix: 'Answer in English.' };
const messages = [
  { role: 'system' as const, content: 'You are a [INPUT: tone=friendly|formal] guide.' },
  { role: 'placeholder' as const, name: 'history' },
  { role: 'user' as const, content: 'Plan a day in [INPUT: city].' },
];

describe('the workbench run request', () => {
  it('fills each message, leaves placeholders out, and wraps the first system message in the directives', () => {
    expect(fillMessages(messages, values, directives, true)).toEqual([
      { role: 'system', content: 'Be brief.\n\nYou are a friendly guide.\n\nAnswer in English.' },
      { role: 'user', content: 'Plan a day in Oslo.' },
    ]);
    expect(fillMessages(messages.slice(1), values, directives, true)[0]).toEqual({ role: 'system', content: 'Be brief.\n\nAnswer in English.' });
    expect(fillMessages(messages, values, directives, false)[0]).toEqual({ role: 'system', content: 'You are a friendly guide.' });
  });

  it("sends a chat prompt's messages with its settings, the chosen connection and model, and passes the contract", () => {
    const prompt = {
      id: 'p1',
      title: 'Trip',
      body: '',
      kind: 'chat' as const,
      messages,
      version: 3,
      config: { model: 'gpt-4.1', connection_id: 'c-old', temperature: 0.2, tools: [{ name: 'weather', parameters: { type: 'object' } }] },
    };
    const request = runRequest(prompt, { text: 'unused', values, directives, apply: false }, { connectionId: 'c1', model: 'gpt-fake-mini' });

    expect(request).toEqual({
      messages: [
        { role: 'system', content: 'You are a friendly guide.' },
        { role: 'user', content: 'Plan a day in Oslo.' },
      ],
      config: { temperature: 0.2, tools: [{ name: 'weather', parameters: { type: 'object' } }], model: 'gpt-fake-mini' },
      connection_id: 'c1',
      prompt_id: 'p1',
      version: 3,
    });
    expect(RunRequest.safeParse(request).success).toBe(true);
  });

  it("sends a text prompt's filled text, on Construct's model without the saved model", () => {
    const request = runRequest(
      { title: 'T', body: 'x', config: { model: 'gpt-4.1' } },
      { text: 'Hello Oslo', values, directives, apply: true },
      { connectionId: null, model: '' },
    );
    expect(request).toEqual({ text: 'Hello Oslo', connection_id: null });
    expect(RunRequest.safeParse(request).success).toBe(true);
  });

  it('sends a saved version of the workspace by its INPUT values for the server to compile, text or chat, and passes the contract', () => {
    const filled = { text: 'Hello Oslo', values, directives, apply: false, inputs: { city: 'Oslo' } };
    for (const prompt of [
      { id: 'p1', title: 'T', body: 'Hello [INPUT: city]', version: 2 },
      { id: 'p1', title: 'Trip', body: '', kind: 'chat' as const, messages, version: 2 },
    ]) {
      const request = runRequest(prompt, filled, { connectionId: null, model: '' });
      expect(request).toEqual({ variables: { city: 'Oslo' }, directives: false, connection_id: null, prompt_id: 'p1', version: 2 });
      expect(RunRequest.safeParse(request).success).toBe(true);
    }
    // No saved version to name (a shared prompt just forked): the filled text, as shown.
    expect(runRequest({ id: 'p1', title: 'T', body: 'x' }, filled, { connectionId: null, model: '' })).toEqual({
      text: 'Hello Oslo',
      connection_id: null,
      prompt_id: 'p1',
    });
  });

  it('opens a chat library prompt as chat: Run sends its messages and settings, not its transcript (issue 28)', () => {
    const library = {
      id: 'lib-1',
      title: 'Trip',
      kind: 'chat' as const,
      body: 'System:\nYou are a [INPUT: tone=friendly|formal] guide.\n\nUser:\nPlan a day in [INPUT: city].',
      messages,
      config: { temperature: 0.4 },
      category_id: null,
      category_name: null,
      tasks: [],
      industries: [],
      access_tier: 'free' as const,
      locked: false,
      has_variables: true,
      forks: 0,
      runs: 0,
      rating: null,
      created_at: '',
    };
    const request = runRequest(openedLibraryPrompt(library), { text: library.body, values, directives, apply: false }, { connectionId: null, model: '' });
    expect(request).toMatchObject({
      messages: [
        { role: 'system', content: 'You are a friendly guide.' },
        { role: 'user', content: 'Plan a day in Oslo.' },
      ],
      config: { temperature: 0.4 },
    });
    expect(request).not.toHaveProperty('text');
    // A text library prompt stays text.
    expect(
      runRequest(
        openedLibraryPrompt({ ...library, kind: 'text', messages: undefined }),
        { text: 'Hi', values, directives, apply: false },
        { connectionId: null, model: '' },
      ),
    ).toMatchObject({ text: 'Hi' });
  });

  it("starts on the prompt's saved connection and model while the workspace has it", () => {
    const connections = [{ id: 'c1', name: 'A', provider: 'openai' as const, base_url: null, key_hint: '', models: ['m1', 'm2'], created_at: '' }];
    expect(defaultTarget(connections, { connection_id: 'c1' })).toEqual({ connectionId: 'c1', model: 'm1' });
    expect(defaultTarget(connections, { connection_id: 'c1', model: 'm2' })).toEqual({ connectionId: 'c1', model: 'm2' });
    expect(defaultTarget(connections, { connection_id: 'gone' })).toEqual({ connectionId: null, model: '' });
  });
});
