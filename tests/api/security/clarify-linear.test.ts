import { checkSync } from 'recheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clarify } from '../../../functions/lib/services/engine/clarify';

/**
 * Every regular expression the clarify engine runs (its own and the marker parser's) is linear in
 * its input. The patterns are collected while clarify works on varied prompts (every RegExp match
 * goes through RegExp.prototype.exec once it is wrapped), then each is analysed by recheck, a
 * ReDoS checker that proves or refutes super-linear backtracking from the pattern itself, so the
 * test does not depend on how fast this machine is.
 */
const SAMPLES = [
  'pls summarise this etc. for me thx',
  '## Role\nx\n\n## Task\nwrite a python function etc\n\n## Requirements\n- a',
  `${' '.repeat(50)}etc${'\n'.repeat(10)}[INPUT: name=Alex] and [SNIPPET: sig] w/o stuff`,
  'compare A vs. B and list ideas, make it better ASAP',
];

const seen = new Map<string, RegExp>();
const original = RegExp.prototype.exec;

describe('clarify engine regular expressions', () => {
  beforeAll(() => {
    RegExp.prototype.exec = function exec(this: RegExp, input: string) {
      seen.set(`/${this.source}/${this.flags}`, this);
      return original.call(this, input);
    };
    for (const sample of SAMPLES) clarify(sample);
    RegExp.prototype.exec = original;
  });
  afterAll(() => {
    RegExp.prototype.exec = original;
  });

  it('runs only patterns that backtrack at most linearly', () => {
    expect(seen.size).toBeGreaterThan(20);
    const superLinear = [...seen.entries()]
      .map(([name, re]) => ({ name, result: checkSync(re.source, re.flags) }))
      .filter(({ result }) => result.status !== 'safe')
      .map(({ name, result }) => `${name}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type})` : ''}`);
    expect(superLinear).toEqual([]);
  });

  it('enhances 200,000 spaces followed by text (a quadratic pattern would take minutes)', () => {
    const out = clarify(`${' '.repeat(200_000)}etc${'\n'.repeat(100_000)}x ## Task\n`.repeat(2));
    expect(out).toContain('## Output format');
  });
});
