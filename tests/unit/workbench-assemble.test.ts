import { describe, expect, it } from 'vitest';
import { assemble, PREFIX_MARKER, SUFFIX_MARKER } from '../../web/src/features/workbench/utils/assemble';

/** The workbench preview's marker lines say the directives were applied: with both empty nothing is (issue 32, item 15). */
describe('the workbench preview', () => {
  const values = { 'INPUT:name': 'Ada' };

  it('leaves the marker lines out when both directives are empty', () => {
    for (const directives of [{ global_prompt_prefix: '', global_prompt_suffix: '' }, { global_prompt_prefix: ' ', global_prompt_suffix: '\n' }, undefined]) {
      expect(assemble('Hi [INPUT: name].', values, directives, true)).toEqual({
        parts: [{ kind: 'body', text: 'Hi Ada.' }],
        preview: 'Hi Ada.',
        text: 'Hi Ada.',
      });
    }
  });

  it('keeps both marker lines when either directive has text', () => {
    const out = assemble('Hi [INPUT: name].', values, { global_prompt_prefix: 'Be brief.', global_prompt_suffix: '' }, true);
    expect(out.preview).toBe(`${PREFIX_MARKER}\nBe brief.\n\nHi Ada.\n${SUFFIX_MARKER}`);
    expect(out.text).toBe('Be brief.\n\nHi Ada.');
  });
});
