import { Alert } from '@/components/ui/alert';
import type { RunState } from '../api/run-prompt';

/**
 * The answer of a run, under the preview: it fills in as the model writes. Screen readers hear
 * it once it is complete (aria-busy while streaming, then the polite live region speaks). A run
 * that fails shows why (e.g. the day's runs are used up); a stopped one keeps what came so far.
 */
export function RunAnswer({ run }: { run: RunState }) {
  if (run.status === 'idle') return null;
  const running = run.status === 'running';
  const showAnswer = run.status !== 'failed' || run.answer.length > 0;
  return (
    <div className="wb-run">
      {run.status === 'failed' && run.error ? <Alert>{run.error}</Alert> : null}
      {showAnswer ? (
        <>
          <h4 id="wb-answer-title" className="wb-run__title">
            Answer
          </h4>
          <pre className="wb-answer" role="region" aria-labelledby="wb-answer-title" aria-live="polite" aria-busy={running} tabIndex={0}>
            {run.answer}
          </pre>
        </>
      ) : null}
      <p className="wb-panel__meta">
        {running ? <span>Running…</span> : null}
        {run.status === 'stopped' ? <span className="wb-run__stopped">Stopped.</span> : null}
        {!running && run.remaining !== null ? <span>{remainingText(run.remaining)}</span> : null}
      </p>
    </div>
  );
}

function remainingText(remaining: Exclude<RunState['remaining'], null>): string {
  if (remaining === 'unlimited') return 'Unlimited runs on your plan.';
  return `${remaining} ${remaining === 1 ? 'run' : 'runs'} left today.`;
}
