import { useMemo, useState } from 'react';
import { cx } from '@/components/ui/cx';
import { countChanges, describeChanges, diffRows, foldRows } from '@/lib/diff-rows';
import './diff-view.css';

const MARKERS = { same: ' ', added: '+', removed: '−' } as const;
const SPOKEN = { same: '', added: 'Added: ', removed: 'Removed: ' } as const;

export interface DiffViewProps {
  before: string;
  after: string;
  /** Names the list, e.g. "Body changes from v2 to v3". */
  label: string;
}

/**
 * A line-by-line diff (version history, library updates, two compared answers): removed lines marked '−', added ones '+', each also named in text for
 * screen readers (never colour alone), with a count of the changes above it. Long runs of
 * unchanged lines fold to a 'Show N unchanged lines' button, a few lines of context kept around each change.
 */
export function DiffView({ before, after, label }: DiffViewProps) {
  const rows = useMemo(() => diffRows(before, after), [before, after]);
  const summary = describeChanges(countChanges(rows));
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo(() => foldRows(rows, open), [rows, open]);
  return (
    <div className="diff-view">
      <p className="diff-view__summary">{summary}</p>
      <ol className="diff-view__rows" aria-label={label}>
        {items.map((item) => {
          if (item.type === 'fold') {
            return (
              <li key={`fold-${item.start}`} className="diff-view__fold">
                <button type="button" className="diff-view__fold-button" onClick={() => setOpen((current) => new Set(current).add(item.start))}>
                  {`Show ${item.count} unchanged lines`}
                </button>
              </li>
            );
          }
          const { row, index } = item;
          return (
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
          );
        })}
      </ol>
    </div>
  );
}
