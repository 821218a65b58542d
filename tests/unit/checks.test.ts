import { describe, expect, it } from 'vitest';
import type { Check, CheckInput } from '@shared/contract/suite';
import { breaksExamplesText, exampleProblems, examplesBroken } from '@shared/examples';
import { checkValue, type JudgeFn, runCheck } from '../../functions/lib/services/checks';

/** The check engine (issue 29) and the "breaks N examples" function the editor and the server share. */
const judge: JudgeFn = async (rubric, answer) => ({ pass: answer.includes(rubric), reason: `judged on "${rubric}"` });
const check = (input: CheckInput): Check => ({ id: 'c1', kind: input.kind, value: checkValue(input, 0), name: null });
const run = (input: CheckInput, answer: string, expected: string | null = null) => runCheck(check(input), answer, expected, judge);

describe('checks', () => {
  it('passes and fails each kind with a reason', async () => {
    const cases: [CheckInput, string, boolean, string][] = [
      [{ kind: 'contains', value: 'moon' }, 'the moon', true, 'Contains "moon".'],
      [{ kind: 'contains', value: 'moon' }, 'the sun', false, 'Does not contain "moon".'],
      [{ kind: 'not_contains', value: 'As an AI' }, 'As an AI, I', false, 'Contains "As an AI".'],
      [{ kind: 'not_contains', value: 'As an AI' }, 'Sure.', true, 'Does not contain "As an AI".'],
      [{ kind: 'regex', value: '^\\d{3}-\\d{4}$' }, '555-1234', true, 'Matches /^\\d{3}-\\d{4}$/.'],
      [{ kind: 'regex', value: '^\\d{3}-\\d{4}$' }, 'call 555-1234', false, 'Does not match /^\\d{3}-\\d{4}$/.'],
      [{ kind: 'min_length', value: 5 }, 'four', false, '4 characters: fewer than 5.'],
      [{ kind: 'min_length', value: 4 }, 'four', true, '4 characters (at least 4).'],
      [{ kind: 'max_length', value: 3 }, 'four', false, '4 characters: more than 3.'],
      [{ kind: 'max_length', value: 4 }, 'four', true, '4 characters (at most 4).'],
      [{ kind: 'judge', value: 'polite' }, 'a polite answer', true, 'judged on "polite"'],
      [{ kind: 'judge', value: 'polite' }, 'go away', false, 'judged on "polite"'],
    ];
    for (const [input, answer, pass, detail] of cases) expect(await run(input, answer), JSON.stringify(input)).toEqual({ check_id: 'c1', pass, detail });
  });

  it('compares with the expected answer, trimmed, and fails without one', async () => {
    expect((await run({ kind: 'equals_expected' }, ' Paris\n', 'Paris')).pass).toBe(true);
    expect(await run({ kind: 'equals_expected' }, 'Lyon', 'Paris')).toMatchObject({ pass: false, detail: 'Differs from the expected answer.' });
    expect(await run({ kind: 'equals_expected' }, 'Paris', null)).toMatchObject({ pass: false, detail: 'The example has no expected answer to compare with.' });
  });

  it('validates JSON answers (whole, or in one code fence) against a schema', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    expect((await run({ kind: 'json_schema', value: schema }, '{"n": 1}')).pass).toBe(true);
    expect((await run({ kind: 'json_schema', value: JSON.stringify(schema) }, 'Here:\n```json\n{"n": 2}\n```')).pass).toBe(true);
    expect(await run({ kind: 'json_schema', value: schema }, 'not json')).toMatchObject({ pass: false, detail: 'The answer is not JSON.' });
    const wrong = await run({ kind: 'json_schema', value: schema }, '{"n": "one"}');
    expect(wrong.pass).toBe(false);
    expect(wrong.detail).toMatch(/^Not valid against the schema: /);
  });

  it('refuses bad values: a catastrophic or broken regex, a bad schema, wrong types', () => {
    const refused: [CheckInput, RegExp][] = [
      [{ kind: 'regex', value: '(a+)+$' }, /could take exponential time/],
      [{ kind: 'regex', value: '^(\\w+\\s?)*$' }, /could take exponential time/],
      [{ kind: 'regex', value: '([a-z]' }, /does not compile/],
      [{ kind: 'regex', value: '(?<=a)b' }, /does not compile/],
      [{ kind: 'regex', value: 'a'.repeat(501) }, /at most 500 characters/],
      [{ kind: 'contains', value: '' }, /needs a text value/],
      [{ kind: 'contains' }, /needs a text value/],
      [{ kind: 'judge', value: 3 }, /needs a text value/],
      [{ kind: 'min_length', value: -1 }, /whole number/],
      [{ kind: 'max_length', value: 'ten' }, /whole number/],
      [{ kind: 'json_schema', value: '{nope' }, /not JSON/],
      [{ kind: 'json_schema', value: { type: 'nonsense' } }, /not valid/],
      [{ kind: 'equals_expected', value: 'x' }, /takes no value/],
    ];
    for (const [input, message] of refused) expect(() => checkValue(input, 0), JSON.stringify(input)).toThrow(message);
  });

  it('matches in linear time: a long answer against a pattern that would backtrack in JavaScript', async () => {
    const started = performance.now();
    const result = await run({ kind: 'regex', value: '^(a|aa)+b' }, `${'a'.repeat(50_000)}c`);
    expect(result.pass).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('examples against a prompt', () => {
  const body = 'About [INPUT: topic] in a [INPUT: tone=friendly|formal] tone, for [INPUT: who=everyone]. [PROFILE: name]';
  it('names what does not fit: unknown inputs, missing required ones, values outside the choices', () => {
    expect(exampleProblems(body, { topic: 'x' })).toEqual([]);
    expect(exampleProblems(body, { topic: 'x', tone: 'formal', who: '' })).toEqual([]);
    expect(exampleProblems(body, {})).toEqual(['"topic" is required.']);
    expect(exampleProblems(body, { topic: 'x', tone: 'rude', name: 'Al' })).toEqual([
      '"name" is not an input of this prompt.',
      '"tone" must be one of friendly, formal.',
    ]);
  });

  it('counts the examples a new body breaks ("breaks 3 examples")', () => {
    const examples: { inputs: Record<string, string> }[] = [
      { inputs: { topic: 'a' } },
      { inputs: { topic: 'b', tone: 'formal' } },
      { inputs: { topic: 'c', who: 'kids' } },
      { inputs: { topic: 'd' } },
    ];
    expect(examplesBroken(body, examples)).toBe(0);
    // The new version drops `who` and narrows the tones: two examples no longer fit.
    expect(examplesBroken('About [INPUT: topic] in a [INPUT: tone=friendly|casual] tone.', examples)).toBe(2);
    // Renaming topic breaks all four.
    expect(examplesBroken('About [INPUT: subject].', examples)).toBe(4);
    expect(breaksExamplesText(3)).toBe('breaks 3 examples');
    expect(breaksExamplesText(1)).toBe('breaks 1 example');
  });
});
