import { describe, expect, it } from 'vitest';
import { call, signUp } from '../support/api';
import { getItem } from '../support/db';

/** Checks (issue 29): PUT replaces the list, each value checked first; bad input changes nothing. */
describe('checks', () => {
  it('replaces the list, keeps given ids, and moves the suite revision', async () => {
    const user = await signUp();
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'C', body: 'Say [INPUT: x]' } })).body.id;
    expect((await call('GET', `/prompts/${id}/checks`, { token: user.token })).body).toEqual({ checks: [] });
    const all = [
      { kind: 'contains', value: 'hello', name: 'greets' },
      { kind: 'not_contains', value: 'As an AI' },
      { kind: 'regex', value: '^[A-Z]' },
      { kind: 'json_schema', value: { type: 'object' } },
      { kind: 'min_length', value: 1 },
      { kind: 'max_length', value: 500 },
      { kind: 'equals_expected' },
      { kind: 'judge', value: 'Polite and brief.' },
    ];
    const saved = await call('PUT', `/prompts/${id}/checks`, { token: user.token, json: { checks: all } });
    expect(saved.status).toBe(200);
    expect(saved.body.checks).toEqual(all.map((c) => ({ id: expect.any(String), name: null, value: null, ...c })));
    const [first] = saved.body.checks;
    const again = await call('PUT', `/prompts/${id}/checks`, { token: user.token, json: { checks: [{ ...first, name: 'renamed' }] } });
    expect(again.body.checks).toEqual([{ ...first, name: 'renamed' }]);
    expect((await call('GET', `/prompts/${id}/checks`, { token: user.token })).body).toEqual(again.body);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` }))?.suite_rev).toBe(2);
  });

  it('refuses an unknown kind, a catastrophic or broken regex, a bad schema, too many checks; nothing changes', async () => {
    const user = await signUp();
    const other = await signUp();
    const id = (await call('POST', '/prompts/', { token: user.token, json: { title: 'C', body: 'Say [INPUT: x]' } })).body.id;
    const kept = (await call('PUT', `/prompts/${id}/checks`, { token: user.token, json: { checks: [{ kind: 'contains', value: 'kept' }] } })).body;
    const refused: [unknown, string | RegExp][] = [
      [[{ kind: 'sentiment', value: 'happy' }], /^kind must be one of contains, not_contains/],
      [[{ kind: 'regex', value: '(a+)+$' }], /^Check 1 \(regex\): the pattern could take exponential time/],
      [
        [
          { kind: 'contains', value: 'ok' },
          { kind: 'regex', value: '(' },
        ],
        /^Check 2 \(regex\): the pattern does not compile/,
      ],
      [[{ kind: 'json_schema', value: { type: 12 } }], /^Check 1 \(json_schema\): the schema is not valid/],
      [[{ kind: 'min_length', value: 'x' }], /^Check 1 \(min_length\) needs a whole number/],
      [Array.from({ length: 21 }, () => ({ kind: 'min_length', value: 1 })), 'A prompt has at most 20 checks.'],
    ];
    for (const [checks, detail] of refused) {
      const reply = await call('PUT', `/prompts/${id}/checks`, { token: user.token, json: { checks } });
      expect(reply.status, JSON.stringify(checks)).toBe(400);
      if (typeof detail === 'string') expect(reply.body.detail).toBe(detail);
      else expect(reply.body.detail).toMatch(detail);
    }
    expect((await call('PUT', `/prompts/${id}/checks`, { token: other.token, json: { checks: [] } })).status).toBe(404);
    expect((await call('GET', `/prompts/${id}/checks`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/prompts/${id}/checks`, { token: user.token })).body).toEqual(kept);
    expect((await getItem({ pk: `USER#${user.id}`, sk: `PROMPT#${id}` }))?.suite_rev).toBe(1);
  });
});
