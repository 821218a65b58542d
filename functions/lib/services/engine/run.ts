import { Readable } from 'node:stream';
import { costMicros } from '@shared/prices';
import type { ModelRun } from './model';
import type { RunEvent, RunOutcome } from './types';

/**
 * A run's answer as an HTTP body, streamed (docs/decisions.md, "Run answers: text or events"):
 * - `text`: the answer's text alone (`text/plain`), as clients had it before chat prompts: a tool
 *   call as a bracketed line, a failure after the first output or the deadline as a bracketed
 *   note at the end;
 * - `events`: one JSON object per line (`application/x-ndjson`): `start`, then runModel's events
 *   as they come (text deltas, tool calls, usage, the JSON check, an error), `end` last.
 * Destroying the body (the client went away, or pressed Stop) stops the model at once.
 */
export type RunFormat = 'text' | 'events';

export const DEADLINE_NOTE = '\n\n[The answer was cut short: a run may take at most two minutes.]';

/** How an event reads in the text answer ('' for what text does not show). */
function asText(event: RunEvent): string {
  switch (event.type) {
    case 'text':
      return event.delta;
    case 'tool_call':
      return `\n[Tool call: ${event.name} ${event.arguments}]\n`;
    case 'error':
      return `\n\n[${event.detail}]`;
    case 'end':
      return event.outcome === 'deadline' ? DEADLINE_NOTE : '';
    default:
      return '';
  }
}

/** What a finished run used: tokens (as the provider reported them, else as Construct counted them: `estimated`) and its whole time. */
export interface RunSpent {
  tokens_in: number;
  tokens_out: number;
  estimated: boolean;
  total_ms: number | null;
}

/** What the events say beyond the model's: `start` (who answers; default yes), and the estimated cost on `usage` (default no). */
export interface RunShown {
  start: boolean;
  cost: boolean;
}

/**
 * The body of a run; `onEnd` is called once when the answer ends, however it ends, with the characters
 * of text sent and what it used. `beforeEnd` (if any) is awaited before the `end` event is sent, so a
 * client that reads again on `end` sees what it records.
 */
export function runBody(
  run: ModelRun,
  format: RunFormat,
  onEnd: (outcome: RunOutcome, chars: number, spent: RunSpent) => void,
  shown: RunShown = { start: true, cost: false },
  beforeEnd?: (outcome: RunOutcome) => Promise<void>,
): Readable {
  let chars = 0;
  let outcome: RunOutcome = 'stopped';
  let finished = false;
  const spent: RunSpent = { tokens_in: 0, tokens_out: 0, estimated: false, total_ms: null };
  const finish = () => {
    if (finished) return;
    finished = true;
    onEnd(outcome, chars, spent);
  };
  async function* lines(): AsyncGenerator<string> {
    try {
      if (format === 'events' && shown.start) yield `${JSON.stringify({ type: 'start', engine: run.engine, model: run.model })}\n`;
      for await (const event of run.events) {
        if (event.type === 'text') chars += event.delta.length;
        if (event.type === 'end') {
          outcome = event.outcome;
          spent.total_ms = event.total_ms;
          await beforeEnd?.(outcome);
        }
        if (event.type === 'usage') {
          spent.tokens_in = event.tokens_in;
          spent.tokens_out = event.tokens_out;
          spent.estimated = event.estimated === true;
        }
        const said = shown.cost && event.type === 'usage' ? { ...event, cost_micros: costMicros(run.model, event.tokens_in, event.tokens_out) } : event;
        const line = format === 'events' ? `${JSON.stringify(said)}\n` : asText(event);
        if (line) yield line;
      }
    } finally {
      finish();
    }
  }
  const chunks = lines();
  let started = false;
  return new Readable({
    async read() {
      started = true;
      try {
        const next = await chunks.next();
        this.push(next.done ? null : next.value);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    // The client went away (or pressed Stop): abort the upstream request at once. A generator busy
    // inside the provider's next chunk would only see return() after that settles.
    destroy(error, callback) {
      run.stop();
      if (started) void chunks.return(undefined);
      else {
        void run.events.return(undefined);
        finish();
      }
      callback(error);
    },
  });
}
