import type { paths } from './schema.js';

/** The SDK's routes and types, read from the OpenAPI document (schema.ts), its options and its error. */

export const LIST = '/api/v1/registry/prompts' satisfies keyof paths;
/** Sent as `x-construct-client` with every request: the prompt's stats count the SDK's compiles by it. */
export const SDK_CLIENT = 'construct-sdk/ts';
export const GET = '/api/v1/registry/prompts/{slug}' satisfies keyof paths;
export const COMPILE = '/api/v1/registry/prompts/{slug}/compile' satisfies keyof paths;
export const VERSIONS = '/api/v1/registry/prompts/{slug}/versions' satisfies keyof paths;
export const EVALUATIONS = '/api/v1/registry/prompts/{slug}/evaluations' satisfies keyof paths;
export const EVALUATION = '/api/v1/registry/prompts/{slug}/evaluations/{evaluation_id}' satisfies keyof paths;

type Success<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type Accepted<Operation> = Operation extends { responses: { 202: { content: { 'application/json': infer Body } } } } ? Body : never;
export type GetOperation = paths[typeof GET]['get'];
/** One page of `GET /registry/prompts`. */
export type PromptListPage = Success<paths[typeof LIST]['get']>;
type CompileOperation = paths[typeof COMPILE]['post'];

/** One version of a prompt (`GET /registry/prompts/{slug}`). */
export type Prompt = Success<GetOperation>;
/** A prompt as listed (`GET /registry/prompts`): its latest version and where each label points. */
export type PromptSummary = Success<paths[typeof LIST]['get']>['prompts'][number];
/** A variable of a prompt's body: INPUT (filled from `variables`), SNIPPET or PROFILE (from your context). */
export type Variable = Prompt['variables'][number];
/** What `POST /registry/prompts/{slug}/compile` takes. */
export type CompileRequest = CompileOperation['requestBody']['content']['application/json'];
/** What `POST /registry/prompts/{slug}/compile` answers: `{kind: 'text', text, config}` or `{kind: 'chat', messages, config}`. */
export type CompileAnswer = Success<CompileOperation>;
/** A prompt version's model settings (every field optional). */
export type ModelConfig = Prompt['config'];
/** A compiled message: system, user or assistant, its markers filled. */
export type ChatMessage = Extract<CompileAnswer, { kind: 'chat' }>['messages'][number];
/** The conversation for a chat prompt's placeholders: one list for all, or a list per placeholder name. */
export type History = NonNullable<CompileRequest['history']>;
/** What `prompts.push` takes: the version you edited (`base_version`) and the new content. */
export type PushRequest = paths[typeof VERSIONS]['post']['requestBody']['content']['application/json'];
/** An evaluation queued by `evaluations.start`, with the gate it is judged by (the label's protection, or null). */
export type EvaluationStarted = Accepted<paths[typeof EVALUATIONS]['post']>;
/** An evaluation's status, progress and pass rate (`evaluations.get`). */
export type Evaluation = Success<paths[typeof EVALUATION]['get']>;
/** Every error body of the API. */
export type ErrorBody = GetOperation['responses']['default']['content']['application/json'];

/** A prompt from `get`; `is_fallback` when it is the caller's fallback because the API could not be reached. */
export type PromptResult = Prompt & { is_fallback?: true };

export interface ConstructOptions {
  /** An API key (`cst_…`, created under API keys) or a session token. */
  apiKey: string;
  /** Your Construct site, e.g. `https://construct.example.com` (its `/api/v1` may be included). */
  baseUrl: string;
  /** A team's id: read that team's workspace (the key's owner must be a member). Default: the key owner's own prompts. */
  workspace?: string;
  /** How long an answer counts as fresh, in ms (default 60 000). After that it is still answered at once while a refresh runs in the background. 0 turns the cache off. */
  cacheTtlMs?: number;
  /** At most this many answers are kept (default 1000); the oldest goes first. */
  maxCacheEntries?: number;
  /** A request that takes longer fails as unreachable (default 10 000 ms). */
  timeoutMs?: number;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Told about errors nobody awaits: a failed background refresh, or a fallback being used. */
  onError?: (error: ConstructError) => void;
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

/** Which version: a label (`production`, `staging`, …) or a version number; neither means the latest. */
export interface VersionOptions {
  label?: string;
  version?: number;
}

export interface GetOptions extends VersionOptions {
  /** Answered when the API cannot be reached (network error, timeout, 5xx) and nothing is cached: a body, or a whole prompt. */
  fallback?: string | Prompt;
}

export interface CompileOptions extends VersionOptions {
  /** Wrap the text in your global prefix and suffix (default true). */
  directives?: boolean;
  /** Answered when the API cannot be reached and nothing is cached: the text, or a function of the variables. */
  fallback?: string | ((variables: Record<string, string>) => string);
}

export interface CompileChatOptions extends VersionOptions {
  /** Wrap the first system message in your global prefix and suffix (default true). */
  directives?: boolean;
  /** The conversation each placeholder of a chat prompt stands for (left out: the placeholder is dropped). */
  history?: History;
  /** Answered when the API cannot be reached and nothing is cached: the messages, or a function of the variables. */
  fallback?: ChatMessage[] | ((variables: Record<string, string>) => ChatMessage[]);
}

export interface ListOptions {
  /** Answered when the API cannot be reached and nothing is cached. */
  fallback?: PromptSummary[];
}

/** An error answer of the API (`status` and its `detail`), or status 0 when the API could not be reached. */
export class ConstructError extends Error {
  override readonly name = 'ConstructError';
  /** The HTTP status; 0 when no answer came (network error or timeout). */
  readonly status: number;
  /** The API's human-readable reason (its `detail`), or what went wrong on the way. */
  readonly detail: string;
  /** Field problems of a 400, when the API names them. */
  readonly errors: ErrorBody['errors'];

  constructor(status: number, detail: string, options: { errors?: ErrorBody['errors']; cause?: unknown } = {}) {
    super(status ? `${status}: ${detail}` : detail, { cause: options.cause });
    this.status = status;
    this.detail = detail;
    this.errors = options.errors;
  }

  /** True when no usable answer came: no connection, a timeout, or a server error (5xx). */
  get unreachable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}
