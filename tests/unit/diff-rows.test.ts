import { describe, expect, it } from 'vitest';
import { sourceLabel } from '@/features/prompts/utils/version-labels';
import { countChanges, describeChanges, diffRows, foldRows, tagChanges } from '@/lib/diff-rows';

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

describe('foldRows', () => {
  const lines = (n: number, prefix = 'line') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
  const shape = (items: ReturnType<typeof foldRows>) =>
    items.map((item) => (item.type === 'fold' ? `fold ${item.start}+${item.count}` : `${item.row.kind} ${item.row.text}`));

  it('folds long unchanged runs, keeping three lines of context next to each change', () => {
    const before = [...lines(10), 'old', ...lines(10, 'tail')].join('\n');
    const after = [...lines(10), 'new', ...lines(10, 'tail')].join('\n');
    expect(shape(foldRows(diffRows(before, after)))).toEqual([
      'fold 0+7',
      'same line 8',
      'same line 9',
      'same line 10',
      'removed old',
      'added new',
      'same tail 1',
      'same tail 2',
      'same tail 3',
      'fold 15+7',
    ]);
  });

  it('opens a fold the reader asked for, and never folds a single line or a text without changes', () => {
    const rows = diffRows([...lines(10), 'old'].join('\n'), [...lines(10), 'new'].join('\n'));
    expect(shape(foldRows(rows, new Set([0])))).toHaveLength(12);
    // Four unchanged lines before the change: three kept, one would be folded alone, so none is.
    expect(shape(foldRows(diffRows([...lines(4), 'a'].join('\n'), [...lines(4), 'b'].join('\n'))))[0]).toBe('same line 1');
    expect(foldRows(diffRows(lines(20).join('\n'), lines(20).join('\n'))).every((item) => item.type === 'row')).toBe(true);
  });
});
