import { GitCompare, Check as Pass, X } from 'lucide-react';
import type { EvaluationResult } from '@shared/contract/evaluations';
import { Button } from '@/components/ui/button';

/** One cell of the grid: passed or failed, latency and tokens, the answer (or its error), each check's result, and Compare (pick it for a diff of two). */
export function Cell({ cell, checkName, picked, onPick }: { cell: EvaluationResult; checkName: (id: string) => string; picked: boolean; onPick: () => void }) {
  return (
    <div className="evaluate__cell">
      <p className="evaluate__cell-verdict">
        {cell.pass ? <Pass aria-hidden="true" /> : <X aria-hidden="true" />}
        {cell.pass ? 'Passed' : 'Failed'}
        <span className="evaluate__muted">
          {' '}
          · {cell.latency_ms} ms · {cell.tokens_in + cell.tokens_out} tokens
        </span>
      </p>
      {cell.error ? (
        <p className="evaluate__cell-error">{cell.error}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the answer scrolls past 12rem: it takes the focus so the keyboard can scroll it.
        <div className="evaluate__output" tabIndex={0}>
          {cell.output}
        </div>
      )}
      {cell.checks.length ? (
        <ul className="evaluate__cell-checks" aria-label="Checks">
          {cell.checks.map((check) => (
            <li key={check.check_id} data-pass={String(check.pass)}>
              {check.pass ? '✓' : '✗'} {checkName(check.check_id)}
              {check.detail ? `: ${check.detail}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <Button size="sm" variant="ghost" icon={<GitCompare aria-hidden="true" />} aria-pressed={picked} onClick={onPick}>
        Compare
      </Button>
    </div>
  );
}
