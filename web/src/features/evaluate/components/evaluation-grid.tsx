import { Square } from 'lucide-react';
import { useId, useState } from 'react';
import type { Evaluation, EvaluationResult } from '@shared/contract/evaluations';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { useExamples } from '@/lib/api/get-examples';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { KIND_LABEL } from '@/lib/check-form';
import { useCancelEvaluation } from '../api/cancel-evaluation';
import { useChecks } from '../api/get-checks';
import { useEvaluation, useEvaluationResults } from '../api/get-evaluation';
import { columnName, percent } from '../utils/columns';
import { CellDiff } from './cell-diff';
import { Cell } from './evaluation-cell';

const active = (e: Evaluation | undefined) => e?.status === 'queued' || e?.status === 'running';

/**
 * One evaluation: a progress bar and the columns' pass rates, then a grid (rows the examples,
 * columns the versions, draft and models) filling while it runs; each cell its answer and the
 * result of each check. Only failures narrows it to rows with a failing cell; Cancel stops it.
 */
export function EvaluationGrid({ promptId, evaluationId }: { promptId: string; evaluationId: string }) {
  const titleId = useId();
  const evaluation = useEvaluation(promptId, evaluationId);
  const running = active(evaluation.data);
  const results = useEvaluationResults(promptId, evaluationId, { running: running || evaluation.isPending, done: evaluation.data?.progress.done ?? 0 });
  const examples = useExamples(promptId).data ?? [];
  const checks = useChecks(promptId).data ?? [];
  const cancel = useCancelEvaluation(promptId);
  // Cancelling is a change: not for a team's viewer.
  const readOnly = useReadOnlyReason() !== null;
  const [failuresOnly, setFailuresOnly] = useState(false);
  // Cells picked for a diff (`<example id>\u0000<column>`), at most two: a third replaces the older.
  const [picked, setPicked] = useState<string[]>([]);
  const pick = (key: string) => setPicked((now) => (now.includes(key) ? now.filter((k) => k !== key) : [...now.slice(-1), key]));
  const [error, setError] = useState<string | null>(null);

  if (evaluation.isError) return <Alert>{errorMessage(evaluation.error, 'Could not load the evaluation.')}</Alert>;
  const e = evaluation.data;
  if (!e) {
    return (
      <p className="status-note" role="status">
        <Spinner size="sm" /> Loading the evaluation...
      </p>
    );
  }

  const cells = new Map<string, EvaluationResult>();
  const seen = new Set<string>();
  for (const r of results.data ?? []) {
    seen.add(r.example_id);
    cells.set(`${r.example_id}\u0000${r.column}`, r);
  }
  const rowIds = [...seen];
  const order = new Map(examples.map((x, i) => [x.id, i]));
  rowIds.sort((a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER));
  const failing = (id: string) => e.columns.some((_, c) => cells.get(`${id}\u0000${c}`)?.pass === false);
  const rows = failuresOnly ? rowIds.filter(failing) : rowIds;
  const checkName = (id: string) => {
    const check = checks.find((c) => c.id === id);
    return check ? check.name || KIND_LABEL[check.kind] : 'A removed check';
  };
  const inputsOf = (id: string) => {
    const example = examples.find((x) => x.id === id);
    if (!example) return 'A deleted example';
    const text = Object.entries(example.inputs)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    return text || `Example ${(order.get(id) ?? 0) + 1}`;
  };

  return (
    <Card aria-labelledby={titleId} className="evaluate__card evaluate__grid-card">
      <div className="evaluate__grid-head">
        <h2 id={titleId} className="card__title">
          Evaluation of {new Date(e.created_at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
        </h2>
        <Badge variant={e.status === 'done' ? 'success' : e.status === 'failed' ? 'danger' : 'neutral'}>{STATUS[e.status]}</Badge>
        {e.stale ? <Badge variant="neutral">Stale: examples or checks changed since</Badge> : null}
        {running && !readOnly ? (
          <Button
            size="sm"
            variant="danger"
            icon={<Square aria-hidden="true" />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(e.id, { onError: (f) => setError(errorMessage(f, 'Could not cancel the evaluation.')) })}
          >
            Cancel evaluation
          </Button>
        ) : null}
      </div>
      <div className="evaluate__progress">
        <progress id={`${titleId}-progress`} max={Math.max(e.progress.total, 1)} value={e.progress.done} aria-label="Cells done" />
        <span role="status">
          {e.progress.done} of {e.progress.total} cells
        </span>
      </div>
      {e.detail ? <Alert variant={e.status === 'failed' ? 'error' : 'info'}>{e.detail}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <ul className="evaluate__summary" aria-label="Columns">
        {e.columns.map((column, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the evaluation (results name it so).
          <li key={c}>
            <strong>{columnName(column)}</strong> <span className="evaluate__rate">{percent(column.pass_rate)}</span> passed ({column.passed} passed,{' '}
            {column.failed} failed{column.errors ? `, ${column.errors} errors` : ''})
            {column.mean_latency_ms !== null ? `, ${Math.round(column.mean_latency_ms)} ms mean` : ''}, {column.tokens_in + column.tokens_out} tokens
          </li>
        ))}
      </ul>
      <CellDiff
        cells={picked.flatMap((key) => {
          const cell = cells.get(key);
          return cell ? [{ key, name: `${columnName(e.columns[cell.column]!)} · ${inputsOf(cell.example_id)}`, output: cell.error ?? cell.output }] : [];
        })}
        onClear={() => setPicked([])}
      />
      <Checkbox label="Only failures" checked={failuresOnly} onChange={(event) => setFailuresOnly(event.target.checked)} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls sideways on a phone: it takes the focus so the keyboard can scroll it. */}
      <section className="evaluate__grid-scroll" aria-label="Results" tabIndex={0}>
        <table className="evaluate__grid">
          <thead>
            <tr>
              <th scope="col">Example</th>
              {e.columns.map((column, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the evaluation.
                <th key={c} scope="col">
                  {columnName(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((id) => (
              <tr key={id}>
                <th scope="row">{inputsOf(id)}</th>
                {e.columns.map((_, c) => {
                  const key = `${id}\u0000${c}`;
                  const cell = cells.get(key);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the evaluation.
                    <td key={c} data-pass={cell ? String(cell.pass) : undefined}>
                      {cell ? (
                        <Cell cell={cell} checkName={checkName} picked={picked.includes(key)} onPick={() => pick(key)} />
                      ) : (
                        <span className="evaluate__muted">Waiting…</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? (
          <p className="status-note">{failuresOnly ? 'No failures.' : running ? 'The first answers come in a moment.' : 'No results.'}</p>
        ) : null}
      </section>
    </Card>
  );
}

export const STATUS: Record<Evaluation['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
