import type { CompiledMessage, ModelConfig } from '@shared/contract/chat';
import { BadGatewayError, BadRequestError } from '../../http/errors';
import { anthropicClient, anthropicStream } from './anthropic';
import { asGatewayError, EMPTY_ANSWER, midAnswerFailure, TIMED_OUT } from './failures';
import { openAi } from './index';
import { checkJsonAnswer, wantsJson } from './json-answer';
import { LOCAL_MODEL, localStream } from './local';
import { connectionClient, openAiStream } from './openai';
import type { EngineName, ModelEvent, ModelPrompt, OpenConnection, ProviderCall, RunEvent, RunOutcome } from './types';

/**
 * Running a model: the ONE entry point for the workbench's run, evaluations and compare
 * (docs/architecture.md, "Running a model"). It picks who answers — a workspace connection's
 * provider, else the product's own model (OPENAI_API_KEY), else the local engine — sends the
 * prompt with its settings, and hands back the answer as events once its first output (text or a
 * tool call) has arrived: a failure before that rejects (a 502 or 400 for the caller to answer
 * with, nothing shown yet); a failure after it ends the events with `error`. With a JSON response
 * format the whole answer is checked (`json`); the last event is always `end`, with the outcome,
 * the time to the first output and the whole time. Stopping (`stop()`, or the caller's signal)
 * aborts the provider's request at once. Quotas, leases and what counts are the caller's
 * (functions/lib/use-cases/model-runs.ts).
 */
export interface ModelRequest {
  prompt: ModelPrompt;
  config?: ModelConfig;
  /** A workspace connection with its key opened; none: the product's model or the local engine. */
  connection?: OpenConnection | null;
  /** Milliseconds the whole run may take (the caller's time-out, less a margin to end the answer). */
  deadlineMs: number;
  /** Stops the run when aborted (the client went away). */
  signal?: AbortSignal;
  /** The local engine paces its chunks so streaming shows (the workbench); evaluations want it at once. */
  paced?: boolean;
}

export interface ModelRun {
  engine: EngineName;
  model: string;
  /** The answer's events, the first output first, `end` last. Read once. */
  events: AsyncGenerator<RunEvent>;
  /** Stops the provider's request (a run stopped this way ends with the outcome `stopped`). */
  stop(): void;
}

/** How long a provider may take to start answering: the product's model starts quickly or not at all; a connection's (a local model loading) may take longer. */
const PRODUCT_FIRST_RESPONSE_MS = Number(process.env.OPENAI_TIMEOUT_MS ?? 12_000);
const CONNECTION_FIRST_RESPONSE_MS = Number(process.env.CONNECTION_TIMEOUT_MS ?? 30_000);
const DEFAULT_PRODUCT_MODEL = 'gpt-4o-mini';

export const NO_MODEL_CHOSEN = 'Choose a model for this connection: the prompt names none, and the connection lists none.';
const DEADLINE = Symbol('deadline');

const isOutput = (event: ModelEvent) => event.type === 'text' || event.type === 'tool_call';

export async function runModel(request: ModelRequest): Promise<ModelRun> {
  const started = performance.now();
  const config = request.config ?? {};
  const messages: CompiledMessage[] = request.prompt.kind === 'text' ? [{ role: 'user', content: request.prompt.text }] : request.prompt.messages;
  const { engine, model, stream, secret } = await provider(request, config);

  const stop = new AbortController();
  const deadline = setTimeout(() => stop.abort(DEADLINE), Math.max(1_000, request.deadlineMs));
  const onCallerStop = () => stop.abort();
  request.signal?.addEventListener('abort', onCallerStop, { once: true });
  const cleanUp = () => {
    clearTimeout(deadline);
    request.signal?.removeEventListener('abort', onCallerStop);
  };
  const firstResponseMs = Math.min(request.connection ? CONNECTION_FIRST_RESPONSE_MS : PRODUCT_FIRST_RESPONSE_MS, request.deadlineMs);
  const source = stream({ messages, config, model, signal: stop.signal, firstResponseMs });

  // Wait for the first output; token counts that come before it wait with it.
  const early: ModelEvent[] = [];
  let firstAt = 0;
  try {
    for (;;) {
      const next = await source.next();
      if (next.done) throw new BadGatewayError(EMPTY_ANSWER);
      early.push(next.value);
      if (isOutput(next.value)) break;
    }
    firstAt = performance.now();
  } catch (error) {
    cleanUp();
    stop.abort();
    if (stop.signal.reason === DEADLINE) throw new BadGatewayError(TIMED_OUT);
    throw asGatewayError(error, secret);
  }

  async function* events(): AsyncGenerator<RunEvent> {
    let outcome: RunOutcome = 'stopped';
    let text = '';
    let toolCalls = 0;
    try {
      try {
        const pull = async (): Promise<ModelEvent | null> => {
          if (early.length) return early.shift()!;
          const next = await source.next();
          return next.done ? null : next.value;
        };
        for (let event = await pull(); event; event = await pull()) {
          if (event.type === 'text') text += event.delta;
          if (event.type === 'tool_call') toolCalls++;
          yield event;
        }
        outcome = 'complete';
      } catch (error) {
        if (stop.signal.reason === DEADLINE) outcome = 'deadline';
        else if (!stop.signal.aborted) {
          outcome = 'error';
          yield { type: 'error', detail: `The model stopped with an error: ${midAnswerFailure(error, secret)}. The answer above is incomplete.` };
        }
      }
      if (outcome === 'complete' && wantsJson(config.response_format) && !toolCalls) {
        yield { type: 'json', ...checkJsonAnswer(text, config.response_format) };
      }
      yield { type: 'end', outcome, first_token_ms: Math.round(firstAt - started), total_ms: Math.round(performance.now() - started) };
    } finally {
      cleanUp();
      stop.abort();
      void source.return(undefined);
    }
  }

  return { engine, model, events: events(), stop: () => stop.abort() };
}

interface Chosen {
  engine: EngineName;
  model: string;
  stream: (call: ProviderCall) => AsyncGenerator<ModelEvent>;
  /** The connection's key, kept out of any error text. */
  secret?: string;
}

async function provider(request: ModelRequest, config: ModelConfig): Promise<Chosen> {
  const connection = request.connection;
  if (connection) {
    const model = config.model ?? connection.models[0];
    if (!model) throw new BadRequestError(NO_MODEL_CHOSEN);
    const secret = connection.api_key;
    if (connection.provider === 'anthropic') {
      const client = await anthropicClient(secret, connection.base_url, CONNECTION_FIRST_RESPONSE_MS);
      return { engine: 'anthropic', model, secret, stream: (call) => anthropicStream(client, call) };
    }
    const client = await connectionClient(secret, connection.base_url, CONNECTION_FIRST_RESPONSE_MS);
    const flavour = connection.provider;
    return { engine: flavour, model, secret, stream: (call) => openAiStream(client, flavour, call) };
  }
  const ai = await openAi();
  if (ai) {
    // The product's model is the operator's choice; a prompt's `model` names a connection's.
    const model = process.env.OPENAI_MODEL || DEFAULT_PRODUCT_MODEL;
    const flavour = process.env.OPENAI_BASE_URL ? 'openai_compatible' : 'openai';
    return { engine: 'openai', model, stream: (call) => openAiStream(ai, flavour, call) };
  }
  const textPrompt = request.prompt.kind === 'text' ? request.prompt.text : null;
  return { engine: 'local', model: LOCAL_MODEL, stream: (call) => localStream(call, textPrompt, request.paced ?? true) };
}
