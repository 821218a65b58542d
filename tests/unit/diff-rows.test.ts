import { describe, expect, it } from 'vitest';
import { countChanges, describeChanges, diffRows, tagChanges } from '@/features/prompts/utils/diff-rows';
import { sourceLabel } from '@/features/prompts/utils/version-labels';

/** The rows as compact strings: marker, numbers, text. */
const show = (before: string, after: string) =>
  diffRows(before, after).map((r) => `${{ same: ' ', added: '+', removed: '-' }[r.kind]}${r.before ?? '.'}:${r.after ?? '.'} ${r.text}`);

describe('diffRows', () => {
  it('marks every line of identical texts as unchanged, numbered in both', () => {
    expect(show('one\ntwo', 'one\ntwo')).toEqual([' 1:1 one', ' 2:2 two']);
  });

  it('shows a changed line as removed then added, numbering each side on its own', () => {
    expect(show('one\ntwo\nthree', 'one\n2\nthree')).toEqual([' 1:1 one', '-2:. two', '+.:2 2', ' 3:3 three']);
  });

  it('handles lines added at the start and removed at the end', () => {
    expect(show('b\nc', 'a\nb')).toEqual(['+.:1 a', ' 1:2 b', '-2:. c']);
  });

  it('keeps blank lines as rows and ignores a missing newline at the end', () => {
    expect(show('a\n\nb\n', 'a\n\nb')).toEqual([' 1:1 a', ' 2:2 ', ' 3:3 b']);
    expect(show('a\r\nb', 'a\nb')).toEqual([' 1:1 a', ' 2:2 b']);
  });

  it('diffs from and to an empty text', () => {
    expect(show('', 'x\ny')).toEqual(['+.:1 x', '+.:2 y']);
    expect(show('x', '')).toEqual(['-1:. x']);
    expect(show('', '')).toEqual([]);
  });
});

describe('change summaries', () => {
  it('counts and describes added and removed lines', () => {
    const rows = diffRows('one\ntwo\nthree', 'one\n2\nthree\nfour');
    expect(countChanges(rows)).toEqual({ added: 2, removed: 1 });
    expect(describeChanges(countChanges(rows))).toBe('2 lines added, 1 line removed');
    expect(describeChanges({ added: 0, removed: 0 })).toBe('No changes');
  });

  it('lists the tags only one side has', () => {
    expect(tagChanges(['Writing', 'Email'], ['Writing', 'Sales'])).toEqual({ added: ['Sales'], removed: ['Email'] });
  });
});

describe('version source labels', () => {
  it('names where each version came from', () => {
    expect(
      [
        { kind: 'create' },
        { kind: 'edit' },
        { kind: 'enhance' },
        { kind: 'import' },
        { kind: 'restore', version: 3 },
        { kind: 'fork', library_prompt_id: 'x' },
        { kind: 'library', library_prompt_id: 'x' },
      ].map((s) => sourceLabel(s as Parameters<typeof sourceLabel>[0])),
    ).toEqual(['Created', 'Edited', 'Enhanced with AI', 'Imported', 'Restored from v3', 'Forked from library', 'Updated from library']);
  });
});
