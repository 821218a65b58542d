import { diffLines } from 'diff';

/**
 * Line-by-line differences of two texts, as rows to render (version history and library
 * updates). Pure: no React, so it is unit-tested on its own.
 */
export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffRow {
  kind: DiffKind;
  text: string;
  /** Line number in the older text (null for an added line). */
  before: number | null;
  /** Line number in the newer text (null for a removed line). */
  after: number | null;
}

/** The lines of one jsdiff part: a trailing newline ends the last line rather than starting an empty one. */
function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Rows of `before` → `after`; removed lines come before the lines added in their place. */
export function diffRows(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  if (before === '' && after === '') return rows;
  let beforeLine = 1;
  let afterLine = 1;
  for (const part of diffLines(before, after, { ignoreNewlineAtEof: true, stripTrailingCr: true })) {
    const kind: DiffKind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const text of linesOf(part.value)) {
      rows.push({ kind, text, before: kind === 'added' ? null : beforeLine++, after: kind === 'removed' ? null : afterLine++ });
    }
  }
  return rows;
}

export interface DiffCounts {
  added: number;
  removed: number;
}

export function countChanges(rows: DiffRow[]): DiffCounts {
  let added = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.kind === 'added') added++;
    else if (row.kind === 'removed') removed++;
  }
  return { added, removed };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 lines added, 1 line removed" / "No changes". */
export function describeChanges({ added, removed }: DiffCounts): string {
  if (!added && !removed) return 'No changes';
  const parts: string[] = [];
  if (added) parts.push(`${plural(added, 'line', 'lines')} added`);
  if (removed) parts.push(`${plural(removed, 'line', 'lines')} removed`);
  return parts.join(', ');
}

/** Tags present in only one of two lists: what a change added and removed. */
export function tagChanges(before: string[], after: string[]): { added: string[]; removed: string[] } {
  return { added: after.filter((t) => !before.includes(t)), removed: before.filter((t) => !after.includes(t)) };
}

/** Unchanged lines kept in view on each side of a change; longer unchanged runs fold. */
export const DIFF_CONTEXT = 3;

export type DiffItem = { type: 'row'; row: DiffRow; index: number } | { type: 'fold'; start: number; count: number };

/**
 * The rows with long unchanged runs folded to one item, keeping `context` lines next to each
 * change (none before the first change's run at the start, none after the last at the end). A
 * fold hides at least two lines; `open` holds the starts of folds the reader opened. A text with
 * no change is not folded.
 */
export function foldRows(rows: DiffRow[], open: ReadonlySet<number> = new Set(), context = DIFF_CONTEXT): DiffItem[] {
  const items: DiffItem[] = [];
  if (!rows.some((row) => row.kind !== 'same')) return rows.map((row, index) => ({ type: 'row', row, index }));
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.kind !== 'same') {
      items.push({ type: 'row', row: rows[i]!, index: i });
      i++;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]!.kind === 'same') end++;
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    const start = i + keepBefore;
    const stop = end - keepAfter;
    for (let j = i; j < end; j++) {
      if (j === start && stop - start >= 2 && !open.has(start)) {
        items.push({ type: 'fold', start, count: stop - start });
        j = stop - 1;
      } else items.push({ type: 'row', row: rows[j]!, index: j });
    }
    i = end;
  }
  return items;
}
