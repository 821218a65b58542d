import { History } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { errorMessage } from '@/lib/api-client';
import { useEvaluations } from '../api/get-evaluations';
import { columnName, percent } from '../utils/columns';
import { STATUS } from './evaluation-grid';

/** The prompt's evaluations, newest first, each with the pass rate of every column; Open shows its grid. */
export function EvaluationHistory({ promptId, open, onOpen }: { promptId: string; open: string | null; onOpen: (id: string) => void }) {
  const titleId = useId();
  const evaluations = useEvaluations(promptId);
  const list = evaluations.data ?? [];
  return (
    <Card aria-labelledby={titleId} className="evaluate__card">
      <CardHeader titleId={titleId} icon={<History />} title="Evaluations" subtitle="Pass rates per version, model and draft, newest first." wrap />
      {evaluations.isError ? <Alert>{errorMessage(evaluations.error, 'Could not load the evaluations.')}</Alert> : null}
      {evaluations.data && list.length === 0 ? <p className="status-note">No evaluations yet.</p> : null}
      {list.length ? (
        <ol className="evaluate__history" aria-label="Evaluations">
          {list.map((e) => (
            <li key={e.id} className="suite-row evaluate__history-item" data-open={e.id === open || undefined}>
              <div className="evaluate__history-meta">
                <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}</time>
                <Badge variant={e.status === 'done' ? 'success' : e.status === 'failed' ? 'danger' : 'neutral'}>{STATUS[e.status]}</Badge>
                {e.stale ? <Badge variant="neutral">Stale</Badge> : null}
                <span className="evaluate__muted">
                  {e.progress.done} of {e.progress.total} cells
                </span>
              </div>
              <ul className="evaluate__rates" aria-label="Pass rates">
                {e.columns.map((column, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the evaluation.
                  <li key={c}>
                    {columnName(column)}: <strong>{percent(column.pass_rate)}</strong>
                  </li>
                ))}
              </ul>
              <Button size="sm" variant="secondary" aria-current={e.id === open || undefined} onClick={() => onOpen(e.id)}>
                {e.id === open ? 'Shown above' : 'Open'}
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
    </Card>
  );
}
