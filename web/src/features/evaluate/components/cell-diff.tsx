import { X } from 'lucide-react';
import { DiffView } from '@/components/diff-view';
import { Button } from '@/components/ui/button';

/** A picked cell: its answer and a name for it (column and example). */
export interface PickedCell {
  key: string;
  name: string;
  output: string;
}

/** The diff of two picked cells' answers, the first picked as before; Clear unpicks both. */
export function CellDiff({ cells, onClear }: { cells: PickedCell[]; onClear: () => void }) {
  const [before, after] = cells;
  if (!before) return null;
  return (
    <section className="evaluate__cell-diff" aria-label="Diff of two answers">
      <div className="evaluate__toolbar">
        <p className="evaluate__muted">{after ? `${before.name} → ${after.name}` : `${before.name}: pick another answer to compare it with.`}</p>
        <Button size="sm" variant="secondary" icon={<X aria-hidden="true" />} onClick={onClear}>
          Clear diff
        </Button>
      </div>
      {after ? <DiffView before={before.output} after={after.output} label={`Changes from ${before.name} to ${after.name}`} /> : null}
    </section>
  );
}
