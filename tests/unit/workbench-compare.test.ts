import { describe, expect, it } from 'vitest';
import { CompareColumnInput } from '@shared/contract/compare';
import { columnInput, DRAFT } from '../../web/src/features/workbench/utils/compare';
import { rowsOf } from '../../web/src/lib/chat-form';

/** What the workbench's Compare sends for its draft column: a chat prompt's messages as an evaluation's draft column does, never its transcript. */
const messages = [
  { role: 'system' as const, content: 'You are a guide.' },
  { role: 'placeholder' as const, name: 'history' },
  { role: 'user' as const, content: 'Plan a day in [INPUT: city].' },
];
const product = { connectionId: null, model: '' };

describe('a compare column of the workbench', () => {
  it("sends a chat draft as its messages with the version's settings, and passes the contract", () => {
    const rows = rowsOf(messages);
    rows[2] = { ...rows[2]!, content: 'Plan a night in [INPUT: city].' };
    const column = columnInput(
      { source: DRAFT, target: product },
      { kind: 'chat', body: 'System:\nYou are a guide.', rows, config: { temperature: 0.2, model: 'gpt-4.1' } },
    );
    expect(column).toEqual({
      draft: {
        kind: 'chat',
        messages: [messages[0], messages[1], { role: 'user', content: 'Plan a night in [INPUT: city].' }],
        config: { temperature: 0.2, model: 'gpt-4.1' },
      },
      connection_id: null,
    });
    expect(CompareColumnInput.safeParse(column).success).toBe(true);
  });

  it('sends a text draft as its body, and a version or the original by name on the chosen connection', () => {
    const draft = { body: 'Hello [INPUT: name].', rows: [] };
    expect(columnInput({ source: DRAFT, target: product }, draft)).toEqual({ draft: { body: 'Hello [INPUT: name].' }, connection_id: null });
    expect(columnInput({ source: 'v2', target: { connectionId: 'c1', model: 'm1' } }, draft)).toEqual({ version: 2, connection_id: 'c1', model: 'm1' });
    expect(columnInput({ source: 'original', target: product }, draft)).toEqual({ original: true, connection_id: null });
  });
});
