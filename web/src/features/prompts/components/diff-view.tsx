import { useMemo } from 'react';
import { cx } from '@/components/ui/cx';
import { countChanges, describeChanges, diffRows } from '../utils/diff-rows';

const MARKERS = { same: ' ', added: '+', removed: '−' } as const;
const SPOKEN = { same: '', added: 'Added: ', removed: 'Removed: ' } as const;

export interface DiffViewProps {
  before: string;
  after: string;
  /** Names the list, e.g. "Body changes from v2 to v3". */
  label: string;
}

/**
 * A line-by-line diff: removed lines marked '−', added ones '+', each also named in text for
 * screen readers (never colour alone), with a count of the changes above it.
 */
export function DiffView({ before, after, label }: DiffViewProps) {
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const summary = describeChanges(countChanges(rows));
  return (
    <div className="diff-view">
      <p className="diff-view__summary">{summary}</p>
      <ol className="diff-view__rows" aria-label={label}>
        {rows.map((row, index) => (
          <li key={index} className={cx('diff-view__row', `diff-view__row--${row.kind}`)}>
            <span className="diff-view__number" aria-hidden="true">
              {row.before ?? ''}
            </span>
            <span className="diff-view__number" aria-hidden="true">
              {row.after ?? ''}
            </span>
            <span className="diff-view__marker" aria-hidden="true">
              {MARKERS[row.kind]}
            </span>
            <span className="diff-view__text">
              {SPOKEN[row.kind] ? <span className="visually-hidden">{SPOKEN[row.kind]}</span> : null}
              {row.text || '\u00a0'}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
