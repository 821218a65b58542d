import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { BadGatewayError } from '../../http/errors';
import { openAi } from './index';

/**
 * Run in place: the filled prompt goes to the configured model and its answer streams
 * back chunk by chunk. With an OpenAI key (the same settings as the enhancer) the model answers
 * through the openai SDK with `stream: true`; without one the local engine answers
 * deterministically, paced so the streaming is visible.
 *
 * A run fails as a whole (BadGatewayError → 502) only before its first chunk; after that a
 * failure ends the text with a note, because the status line has already been sent.
 */
export type RunEngine = 'openai' | 'local';
export type RunOutcome = 'complete' | 'stopped' | 'deadline' | 'error';

export interface Run {
  engine: RunEngine;
  /** The answer as UTF-8 text; destroying it (the client went away) stops the engine at once. */
  body: Readable;
}

export interface RunOptions {
  /** Milliseconds the run may take before it is cut short with a note (the function's time-out). */
  deadlineMs: number;
  /** Called once when the answer ends, however it ends. */
  onEnd?: (outcome: RunOutcome, engine: RunEngine, chars: number) => void;
}

/** Time to the model's first response: it starts streaming quickly, or not at all. */
const FIRST_RESPONSE_MS = Number(process.env.OPENAI_TIMEOUT_MS ?? 12_000);
/** The local engine's pace: at most LOCAL_CHUNKS chunks, LOCAL_CHUNK_MS apart (under 1.5 s). */
const LOCAL_CHUNKS = 48;
const LOCAL_CHUNK_MS = 30;

const DEADLINE = Symbol('deadline');
const DEADLINE_NOTE = '\n\n[The answer was cut short: a run may take at most two minutes.]';

export async function startRun(text: string, options: RunOptions): Promise<Run> {
  const ai = await openAi();
  const engine: RunEngine = ai ? 'openai' : 'local';
  const stop = new AbortController();
  const deadline = setTimeout(() => stop.abort(DEADLINE), Math.max(1_000, options.deadlineMs));
  const answer = ai ? modelAnswer(ai, text, stop.signal) : localAnswer(text, stop.signal);

  let first: IteratorResult<string>;
  try {
    first = await answer.next();
    if (first.done || !first.value) throw new BadGatewayError('The AI service returned an empty answer. Please try again.');
  } catch (error) {
    clearTimeout(deadline);
    stop.abort();
    throw stop.signal.reason === DEADLINE ? new BadGatewayError('The AI service did not answer in time. Please try again.') : await asHttpError(error);
  }

  let chars = 0;
  let outcome: RunOutcome = 'stopped';
  let started = false;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(deadline);
    stop.abort();
    void answer.return(undefined);
    options.onEnd?.(outcome, engine, chars);
  };
  async function* stream(): AsyncGenerator<string> {
    started = true;
    try {
      chars += first.value.length;
      yield first.value;
      while (true) {
        let next: IteratorResult<string>;
        try {
          next = await answer.next();
        } catch (error) {
          if (stop.signal.reason === DEADLINE) {
            outcome = 'deadline';
            yield DEADLINE_NOTE;
          } else if (!stop.signal.aborted) {
            outcome = 'error';
            yield `\n\n[The model stopped with an error: ${await failureText(error)}. The answer above is incomplete.]`;
          }
          return;
        }
        if (next.done) {
          outcome = 'complete';
          return;
        }
        chars += next.value.length;
        yield next.value;
      }
    } finally {
      finish();
    }
  }

  const chunks = stream();
  const body = new Readable({
    async read() {
      try {
        const next = await chunks.next();
        this.push(next.done ? null : next.value);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    // The client went away (or pressed Stop): abort the upstream request at once. An async
    // generator busy inside `answer.next()` would only see return() after that settles.
    destroy(error, callback) {
      stop.abort();
      if (started) void chunks.return(undefined);
      else finish();
      callback(error);
    },
  });
  return { engine, body };
}

/** The model's answer, streamed: the chat completions API with `stream: true`. */
async function* modelAnswer(ai: import('openai').OpenAI, text: string, signal: AbortSignal): AsyncGenerator<string> {
  const stream = await ai.chat.completions.create(
    { model: process.env.OPENAI_MODEL || 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: text }] },
    { signal, timeout: FIRST_RESPONSE_MS },
  );
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content;
    if (delta) yield delta;
  }
}

/** A failure before the first chunk, as the 502 the client sees (unknown errors stay 500s). */
async function asHttpError(error: unknown): Promise<unknown> {
  if (error instanceof BadGatewayError) return error;
  const { APIConnectionTimeoutError, APIError } = await import('openai');
  if (error instanceof APIConnectionTimeoutError) return new BadGatewayError('The AI service did not answer in time. Please try again.');
  if (error instanceof APIError) return new BadGatewayError(`The AI service failed${error.status ? ` (${error.status})` : ''}. Please try again.`);
  return error;
}

/** What went wrong mid-answer, in words for the end of the text. */
async function failureText(error: unknown): Promise<string> {
  const { APIError } = await import('openai');
  if (error instanceof APIError && error.status) return `the AI service failed (${error.status})`;
  return 'the connection to the AI service was lost';
}

// ---- The local engine ------------------------------------------------------------------------

/**
 * The local engine's answer: honest that no model answered, and still useful: the task restated,
 * the details the prompt gives, brackets that may still need filling in, and the prompt's size.
 * The same text always gives the same answer.
 */
export function localAnswerText(text: string): string {
  const sentences = text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
  const [task = '', ...details] = sentences;
  const brackets = [...new Set(text.match(/\[[^[\]\n]{1,40}\]/g) ?? [])].slice(0, 10);
  const words = text.trim().split(/\s+/).length;

  const lines = [
    'Local engine: no AI model is configured on this server, so Construct answered by itself instead of a model. ' +
      "Set OPENAI_API_KEY (or the stack's OpenAI secret) to get real answers.",
    '',
    `Task: ${clip(task, 200)}`,
  ];
  if (details.length) {
    lines.push('', 'Details the prompt gives:', ...details.slice(0, 6).map((d) => `- ${clip(d, 160)}`));
    if (details.length > 6) lines.push(`- …and ${details.length - 6} more`);
  }
  if (brackets.length) lines.push('', `Still in brackets (fill these in if they are placeholders): ${brackets.join(', ')}`);
  lines.push('', `Prompt size: ${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'}, ${text.length.toLocaleString('en-US')} characters.`);
  return lines.join('\n');
}

/** The local answer in at most LOCAL_CHUNKS word-aligned chunks, LOCAL_CHUNK_MS apart. */
async function* localAnswer(text: string, signal: AbortSignal): AsyncGenerator<string> {
  const tokens = localAnswerText(text).match(/\S+\s*|\s+/g) ?? [];
  const size = Math.max(1, Math.ceil(tokens.length / LOCAL_CHUNKS));
  for (let i = 0; i < tokens.length; i += size) {
    if (i > 0) await sleep(LOCAL_CHUNK_MS, undefined, { signal });
    yield tokens.slice(i, i + size).join('');
  }
}
