import { useCallback, useEffect, useRef, useState } from 'react';
import { RUNS_REMAINING_HEADER, type RunRequest, RunsRemaining } from '@shared/contract/run';
import { apiStream, errorMessage } from '@/lib/api-client';

/** Runs left today: a count, 'unlimited', or null when the server did not say. */
export type Remaining = number | 'unlimited' | null;

/**
 * POST /engine/run: sends the filled prompt and hands each piece of the streamed answer to
 * `onChunk` as it arrives. Resolves when the answer is complete; rejects with the server's detail
 * (429 when the day's runs are used up) or with an AbortError when `signal` stops it.
 */
export async function runPrompt(
  request: RunRequest,
  { signal, onStart, onChunk }: { signal?: AbortSignal; onStart?: (remaining: Remaining) => void; onChunk: (text: string) => void },
): Promise<void> {
  const response = await apiStream('/engine/run', { json: request, signal });
  const header = response.headers.get(RUNS_REMAINING_HEADER);
  const remaining = header === null ? null : RunsRemaining.safeParse(header);
  onStart?.(remaining?.success ? remaining.data : null);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value) onChunk(value);
  }
}

export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface RunState {
  status: RunStatus;
  /** The answer so far (kept when stopped or failed half way). */
  answer: string;
  remaining: Remaining;
  /** Why the run failed, for an alert. */
  error: string | null;
}

const IDLE: RunState = { status: 'idle', answer: '', remaining: null, error: null };

/** One run at a time in the workbench: start, stop (keeps the partial answer), and its state. */
export function useRunPrompt() {
  const [state, setState] = useState<RunState>(IDLE);
  const current = useRef<AbortController | null>(null);

  // Closing the workbench stops a run in progress.
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(async (request: RunRequest) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const update = (change: (s: RunState) => RunState) => {
      if (current.current === controller) setState(change);
    };
    setState((s) => ({ status: 'running', answer: '', remaining: s.remaining, error: null }));
    try {
      await runPrompt(request, {
        signal: controller.signal,
        onStart: (remaining) => update((s) => ({ ...s, remaining })),
        onChunk: (text) => update((s) => ({ ...s, answer: s.answer + text })),
      });
      update((s) => ({ ...s, status: 'done' }));
    } catch (error) {
      if (controller.signal.aborted) update((s) => ({ ...s, status: 'stopped' }));
      else update((s) => ({ ...s, status: 'failed', error: errorMessage(error, 'The run failed. Please try again.') }));
    } finally {
      if (current.current === controller) current.current = null;
    }
  }, []);

  const stop = useCallback(() => current.current?.abort(), []);

  return { ...state, start, stop };
}
