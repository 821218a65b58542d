import type { CompiledMessage, ModelConfig } from '@shared/contract/chat';
import type { Provider } from '@shared/contract/connections';

/**
 * The shapes of a model call (docs/architecture.md, "Running a model"): what runModel is asked,
 * what a provider streams back, and what the caller reads.
 */

/** Who answers: the deterministic local engine, the product's own OpenAI model, or a workspace connection's provider. */
export type EngineName = 'local' | 'openai' | Provider;

/** A prompt as sent to a model: a text prompt's filled text, or a chat prompt's filled messages. */
export type ModelPrompt = { kind: 'text'; text: string } | { kind: 'chat'; messages: CompiledMessage[] };

/** A workspace's connection with its key opened, for one call (never stored or logged). */
export interface OpenConnection {
  provider: Provider;
  base_url: string | null;
  api_key: string;
  /** The connection's models, the first one the default when the prompt names none. */
  models: string[];
}

/** What a provider streams: text, a finished tool call (arguments as the JSON text the model wrote), the token counts. */
export type ModelEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  /** `estimated`: counted by Construct (token-estimate.ts) because the model gave no usage. */
  | { type: 'usage'; tokens_in: number; tokens_out: number; estimated?: true };

export type RunOutcome = 'complete' | 'stopped' | 'deadline' | 'error';

/** What the caller of runModel reads: the provider's events, then the JSON check and the end. */
export type RunEvent =
  | ModelEvent
  /** With a JSON response format: whether the answer is JSON (valid against the schema, when there is one). */
  | { type: 'json'; valid: boolean; errors: string[] }
  /** A failure after the first output: the answer so far stands, and is incomplete. */
  | { type: 'error'; detail: string }
  | { type: 'end'; outcome: RunOutcome; first_token_ms: number; total_ms: number };

/** One call to a provider. */
export interface ProviderCall {
  messages: CompiledMessage[];
  config: ModelConfig;
  model: string;
  signal: AbortSignal;
  /** How long the provider may take to start answering. */
  firstResponseMs: number;
}
