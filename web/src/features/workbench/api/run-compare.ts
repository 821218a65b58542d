import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompareSession } from '@shared/contract/compare';
import { errorMessage } from '@/lib/api-client';
import { applyEvent, IDLE, type RunState, runPrompt } from './run-prompt';

export type CompareRuns = Record<string, RunState>;

/**
 * Every column of a compare session run at once (POST /engine/run with `compare`: the server
 * holds what each column sends), each streaming into its own state. Closing stops them all.
 */
export function useCompareRuns() {
  const [runs, setRuns] = useState<CompareRuns>({});
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback((promptId: string, session: CompareSession) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const update = (column: string, change: (s: RunState) => RunState) => {
      if (current.current === controller) setRuns((all) => ({ ...all, [column]: change(all[column] ?? IDLE) }));
    };
    setRuns(Object.fromEntries(session.columns.map((c) => [c.id, { ...IDLE, status: 'running' as const }])));
    for (const { id: column } of session.columns) {
      runPrompt(
        { prompt_id: promptId, compare: { id: session.id, column } },
        { signal: controller.signal, onEvent: (event) => update(column, (s) => applyEvent(s, event)) },
      )
        .then(() => update(column, (s) => ({ ...s, status: 'done' })))
        .catch((error: unknown) =>
          update(column, (s) =>
            controller.signal.aborted
              ? { ...s, status: 'stopped' }
              : { ...s, status: 'failed', error: errorMessage(error, 'The run failed. Please try again.') },
          ),
        );
    }
  }, []);

  const stop = useCallback(() => current.current?.abort(), []);
  return { runs, start, stop };
}
