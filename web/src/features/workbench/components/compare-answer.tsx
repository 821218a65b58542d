import type { CompareColumn } from '@shared/contract/compare';
import { Alert } from '@/components/ui/alert';
import { useConnections } from '@/lib/api/get-connections';
import type { RunState } from '../api/run-prompt';
import { columnName, costText, duration, ESTIMATED_TOKENS } from '../utils/compare';
import { RenderedAnswer } from './rendered-answer';

/**
 * One column of a compare: "Answer A" (and, once known, what it is), the answer as it streams,
 * then its time to the first token, whole time, tokens and estimated cost.
 */
export function CompareAnswer({ column, run }: { column: CompareColumn; run: RunState }) {
  const name = columnName(column, useConnections().data);
  const titleId = `wb-compare-${column.id}`;
  const facts = [
    run.timing ? `First token ${duration(run.timing.first_token_ms)}` : null,
    run.timing ? `total ${duration(run.timing.total_ms)}` : null,
    run.usage ? `${run.usage.tokens_in.toLocaleString()} tokens in, ${run.usage.tokens_out.toLocaleString()} out` : null,
    run.usage ? costText(run.answeredBy?.model, run.usage) : null,
    run.usage?.estimated ? ESTIMATED_TOKENS : null,
  ].filter(Boolean);
  return (
    <section className="wb-compare__column" aria-labelledby={titleId}>
      <h4 id={titleId} className="wb-run__title">
        {`Answer ${column.id}`}
        {name ? <span className="wb-compare__name">{` ${name}`}</span> : null}
      </h4>
      {run.status === 'failed' && run.error ? <Alert>{run.error}</Alert> : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the answer scrolls on its own: it takes the focus so the keyboard can scroll it. */}
      <div className="wb-answer wb-compare__answer" aria-busy={run.status === 'running'} tabIndex={0}>
        <RenderedAnswer text={run.answer} />
      </div>
      <p className="wb-panel__meta">{run.status === 'running' ? 'Running…' : facts.join(' · ')}</p>
    </section>
  );
}
