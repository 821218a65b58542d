import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RUN_EVENTS_TYPE, RUNS_REMAINING_HEADER, RunEvent, type RunRequest, RunsRemaining } from '@shared/contract/run';
import { apiStream, errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Runs left today: a count, 'unlimited', or null when the server did not say (a run on a connection takes none). */
export type Remaining = number | 'unlimited' | null;

/**
 * POST /engine/run, answered as events (application/x-ndjson, docs/decisions.md): each line is
 * parsed with the contract's RunEvent and handed to `onEvent` as it arrives. Resolves when the
 * answer is complete; rejects with the server's detail (429 when the day's runs are used up) or
 * with an AbortError when `signal` stops it.
 */
export async function runPrompt(
  request: RunRequest,
  { signal, onStart, onEvent }: { signal?: AbortSignal; onStart?: (remaining: Remaining) => void; onEvent: (event: RunEvent) => void },
): Promise<void> {
  const response = await apiStream('/engine/run', { json: request, signal, accept: `${RUN_EVENTS_TYPE}, application/json` });
  const header = response.headers.get(RUNS_REMAINING_HEADER);
  const remaining = header === null ? null : RunsRemaining.safeParse(header);
  onStart?.(remaining?.success ? remaining.data : null);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    pending += value;
    // A line may arrive in pieces: only whole lines are events.
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      const parsed = line.trim() ? RunEvent.safeParse(JSON.parse(line)) : null;
      if (parsed?.success) onEvent(parsed.data);
    }
  }
}

export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface RunToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  arguments: string;
}

export interface RunState {
  status: RunStatus;
  /** The answer so far (kept when stopped or failed half way). */
  answer: string;
  remaining: Remaining;
  /** Why the run failed, for an alert. */
  error: string | null;
  /** Who answered: the engine and its model. */
  answeredBy: { engine: string; model: string } | null;
  /** The tool calls the model made (shown, never run). */
  toolCalls: RunToolCall[];
  /** Tokens (`estimated`: counted by Construct, the model gave none), and (a compare column's run) the estimated cost in millionths of a dollar. */
  usage: { tokens_in: number; tokens_out: number; estimated?: true; cost_micros?: number } | null;
  /** With a JSON response format: whether the answer is valid, and why not. */
  json: { valid: boolean; errors: string[] } | null;
  /** Milliseconds to the first output and in all. */
  timing: { first_token_ms: number; total_ms: number } | null;
  /** Why the answer ended early after it had started (an error, or the two-minute limit). */
  cutShort: string | null;
}

export const IDLE: RunState = {
  status: 'idle',
  answer: '',
  remaining: null,
  error: null,
  answeredBy: null,
  toolCalls: [],
  usage: null,
  json: null,
  timing: null,
  cutShort: null,
};

export const CUT_SHORT = 'The answer was cut short: a run may take at most two minutes.';

/** The state after one event of the answer. */
export function applyEvent(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'start':
      return { ...state, answeredBy: { engine: event.engine, model: event.model } };
    case 'text':
      return { ...state, answer: state.answer + event.delta };
    case 'tool_call':
      return { ...state, toolCalls: [...state.toolCalls, { id: event.id, name: event.name, arguments: event.arguments }] };
    case 'usage':
      return {
        ...state,
        usage: {
          tokens_in: event.tokens_in,
          tokens_out: event.tokens_out,
          ...(event.estimated ? { estimated: true as const } : {}),
          ...(event.cost_micros !== undefined ? { cost_micros: event.cost_micros } : {}),
        },
      };
    case 'json':
      return { ...state, json: { valid: event.valid, errors: event.errors } };
    case 'error':
      return { ...state, cutShort: event.detail };
    case 'end':
      return {
        ...state,
        timing: { first_token_ms: event.first_token_ms, total_ms: event.total_ms },
        cutShort: event.outcome === 'deadline' ? CUT_SHORT : state.cutShort,
      };
  }
}

/** One run at a time in the workbench: start, stop (keeps the partial answer), and its state. */
export function useRunPrompt() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>(IDLE);
  const current = useRef<AbortController | null>(null);

  // Closing the workbench stops a run in progress.
  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async (request: RunRequest) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const update = (change: (s: RunState) => RunState) => {
        if (current.current === controller) setState(change);
      };
      setState((s) => ({ ...IDLE, status: 'running', remaining: s.remaining }));
      try {
        await runPrompt(request, {
          signal: controller.signal,
          // A run on a connection takes none of the day's runs: the count shown stays.
          onStart: (remaining) => update((s) => ({ ...s, remaining: remaining ?? s.remaining })),
          onEvent: (event) => update((s) => applyEvent(s, event)),
        });
        update((s) => ({ ...s, status: 'done' }));
      } catch (error) {
        if (controller.signal.aborted) update((s) => ({ ...s, status: 'stopped' }));
        else update((s) => ({ ...s, status: 'failed', error: errorMessage(error, 'The run failed. Please try again.') }));
      } finally {
        if (current.current === controller) current.current = null;
        // A run of a library prompt (or of a fork: any of them) may let the person rate it now.
        if (request.prompt_id) void queryClient.invalidateQueries({ queryKey: queryKeys.library.ratings });
      }
    },
    [queryClient],
  );

  const stop = useCallback(() => current.current?.abort(), []);

  return { ...state, start, stop };
}
