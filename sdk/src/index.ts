import type { paths } from './schema.js';

/**
 * Construct's TypeScript SDK: fetch your prompts by slug (pinned by label or version) and compile
 * them on the server, with an in-memory cache (stale-while-revalidate) and a fallback for when
 * the API cannot be reached. No dependencies: it uses the global `fetch`.
 */

const LIST = '/api/v1/registry/prompts' satisfies keyof paths;
/** Sent as `x-construct-client` with every request: the prompt's stats count the SDK's compiles by it. */
const SDK_CLIENT = 'construct-sdk/ts';
const GET = '/api/v1/registry/prompts/{slug}' satisfies keyof paths;
const COMPILE = '/api/v1/registry/prompts/{slug}/compile' satisfies keyof paths;
const VERSIONS = '/api/v1/registry/prompts/{slug}/versions' satisfies keyof paths;
const EVALUATIONS = '/api/v1/registry/prompts/{slug}/evaluations' satisfies keyof paths;
const EVALUATION = '/api/v1/registry/prompts/{slug}/evaluations/{evaluation_id}' satisfies keyof paths;

type Success<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type Accepted<Operation> = Operation extends { responses: { 202: { content: { 'application/json': infer Body } } } } ? Body : never;
type GetOperation = paths[typeof GET]['get'];
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

interface Entry {
  value: unknown;
  at: number;
  refreshing: boolean;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A key that does not depend on the order the variables were given in. */
const variablesKey = (variables: Record<string, string>) =>
  JSON.stringify(
    Object.keys(variables)
      .sort()
      .map((k) => [k, variables[k]]),
  );

export class Construct {
  /** Your prompts: `get`, `compile`, `list`, `push`. */
  readonly prompts: Prompts;
  /** Evaluations of your prompts on their examples and checks: `start`, `get`. */
  readonly evaluations: Evaluations;
  readonly #apiKey: string;
  readonly #apiBase: string;
  readonly #workspace: string | undefined;
  readonly #ttl: number;
  readonly #maxEntries: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #onError: ((error: ConstructError) => void) | undefined;
  readonly #now: () => number;
  readonly #cache = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #background = new Set<Promise<void>>();

  constructor(options: ConstructOptions) {
    if (!options?.apiKey) throw new TypeError('Construct: apiKey is required (create one under API keys).');
    if (!options.baseUrl) throw new TypeError('Construct: baseUrl is required (your Construct site, e.g. https://construct.example.com).');
    this.#apiKey = options.apiKey;
    this.#apiBase = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
    this.#workspace = options.workspace;
    this.#ttl = options.cacheTtlMs ?? 60_000;
    this.#maxEntries = options.maxCacheEntries ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.#onError = options.onError;
    this.#now = options.now ?? Date.now;
    this.prompts = new Prompts(this);
    this.evaluations = new Evaluations(this);
  }

  /** Resolves once the background refreshes under way have finished (e.g. before a serverless function returns). */
  async settle(): Promise<void> {
    while (this.#background.size) await Promise.all(this.#background);
  }

  /** Forgets every cached answer. */
  clearCache(): void {
    this.#cache.clear();
  }

  /** @internal One request to the API; a ConstructError when it fails. */
  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    return (await this.exchange<T>(method, path, body)).body;
  }

  /** @internal The answer with the next page's cursor, for lists too large for one answer. */
  async page<T>(path: string): Promise<{ body: T; next: string | null }> {
    const { body, response } = await this.exchange<T>('GET', path);
    return { body, next: response.headers.get('x-next-cursor') };
  }

  private async exchange<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ body: T; response: Response }> {
    let response: Response;
    let text: string;
    try {
      const team = this.#workspace ? `${path.includes('?') ? '&' : '?'}workspace=${encodeURIComponent(this.#workspace)}` : '';
      response = await this.#fetch(this.#apiBase + path + team, {
        method,
        headers: {
          authorization: `Bearer ${this.#apiKey}`,
          accept: 'application/json',
          // Names the SDK, so Construct counts these compiles as `sdk` in the prompt's stats.
          'x-construct-client': SDK_CLIENT,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      throw new ConstructError(
        0,
        timedOut
          ? `Construct did not answer within ${this.#timeoutMs} ms.`
          : `Construct could not be reached (${cause instanceof Error ? cause.message : String(cause)}).`,
        { cause },
      );
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = parsed as Partial<ErrorBody> | undefined;
      throw new ConstructError(response.status, typeof error?.detail === 'string' ? error.detail : `HTTP ${response.status} ${response.statusText}`.trim(), {
        errors: error?.errors,
      });
    }
    if (parsed === undefined) throw new ConstructError(response.status >= 500 ? response.status : 502, 'Construct answered without a JSON body.');
    return { body: parsed as T, response };
  }

  /**
   * @internal The cache: a fresh answer as is; a stale one as is while one refresh runs in the
   * background; otherwise one request for every caller asking at once, and the fallback when it
   * cannot be made.
   */
  cached<T>(key: string, load: () => Promise<T>, fallback: (() => T) | undefined): Promise<T> {
    if (this.#ttl <= 0) return this.#withFallback(load(), fallback);
    const entry = this.#cache.get(key);
    if (entry) {
      if (!entry.refreshing && this.#now() - entry.at >= this.#ttl) this.#refresh(key, entry, load);
      return Promise.resolve(entry.value as T);
    }
    let pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load().then((value) => this.#store(key, value));
      this.#inFlight.set(key, pending);
      const forget = () => this.#inFlight.delete(key);
      pending.then(forget, forget);
    }
    return this.#withFallback(pending, fallback);
  }

  async #withFallback<T>(pending: Promise<T>, fallback: (() => T) | undefined): Promise<T> {
    try {
      return await pending;
    } catch (error) {
      if (fallback && error instanceof ConstructError && error.unreachable) {
        this.#report(error);
        return fallback();
      }
      throw error;
    }
  }

  /** Hands an error nobody awaits to `onError`; a hook that throws cannot break the cache. */
  #report(error: ConstructError): void {
    try {
      this.#onError?.(error);
    } catch {
      // The caller's hook failed; the answer stands.
    }
  }

  #store<T>(key: string, value: T): T {
    deepFreeze(value);
    this.#cache.delete(key);
    this.#cache.set(key, { value, at: this.#now(), refreshing: false });
    if (this.#cache.size > this.#maxEntries) this.#cache.delete(this.#cache.keys().next().value!);
    return value;
  }

  #refresh(key: string, entry: Entry, load: () => Promise<unknown>): void {
    entry.refreshing = true;
    // Started on the next turn, so the caller's stale answer costs no more than a fresh one.
    const done: Promise<void> = new Promise((resolve) => setTimeout(resolve, 0)).then(load).then(
      (value) => {
        this.#store(key, value);
      },
      (error: unknown) => {
        entry.refreshing = false;
        // Gone or refused (a deleted prompt, a moved label, a revoked key): stop answering it.
        // Unreachable: keep answering the stale copy, and try again on the next call.
        if (error instanceof ConstructError && !error.unreachable && this.#cache.get(key) === entry) this.#cache.delete(key);
        if (error instanceof ConstructError) this.#report(error);
      },
    );
    this.#background.add(done);
    void done.finally(() => this.#background.delete(done));
  }
}

/** OpenAI's Chat Completions parameters (`openai.chat.completions.create`), less what you add: `model` when the prompt names none. */
export interface OpenAIChatParams {
  model?: string;
  messages: ({ role: 'system'; content: string } | { role: 'user'; content: string } | { role: 'assistant'; content: string })[];
  temperature?: number;
  top_p?: number;
  max_completion_tokens?: number;
  stop?: string[];
  response_format?:
    | { type: 'text' }
    | { type: 'json_object' }
    | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  tool_choice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };
}

/** Anthropic's Messages parameters (`anthropic.messages.create`), the system prompt apart; add `model` and `max_tokens` when the prompt has none. */
export interface AnthropicMessageParams {
  model?: string;
  max_tokens?: number;
  system?: string;
  messages: ({ role: 'user'; content: string } | { role: 'assistant'; content: string })[];
  temperature?: number;
  top_p?: number;
  stop_sequences?: string[];
  tools?: { name: string; description?: string; input_schema: { type: 'object'; [key: string]: unknown } }[];
  tool_choice?: { type: 'auto' } | { type: 'any' } | { type: 'none' } | { type: 'tool'; name: string };
}

const defined = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * A prompt compiled to messages (`prompts.compileChat`): a chat prompt's messages, or a text
 * prompt's text as one user message, with the version's model settings; `toOpenAI()` and
 * `toAnthropic()` shape them for those SDKs.
 */
export class CompiledPrompt {
  readonly kind: 'text' | 'chat';
  readonly messages: readonly ChatMessage[];
  readonly config: ModelConfig;

  constructor(answer: CompileAnswer) {
    this.kind = answer.kind;
    this.messages = answer.kind === 'chat' ? answer.messages : [{ role: 'user', content: answer.text }];
    this.config = answer.config ?? {};
  }

  /** For `openai.chat.completions.create({ ...compiled.toOpenAI() })` (add `model` if the prompt has none). */
  toOpenAI(): OpenAIChatParams {
    const c = this.config;
    const format = c.response_format;
    return defined({
      model: c.model,
      messages: this.messages.map((m) => ({ role: m.role, content: m.content })),
      temperature: c.temperature,
      top_p: c.top_p,
      max_completion_tokens: c.max_tokens,
      stop: c.stop,
      response_format:
        format?.type === 'json_schema'
          ? { type: 'json_schema' as const, json_schema: defined({ name: format.name, schema: format.schema, strict: format.strict }) }
          : format,
      tools: c.tools?.map((t) => ({ type: 'function' as const, function: defined({ name: t.name, description: t.description, parameters: t.parameters }) })),
      tool_choice: typeof c.tool_choice === 'object' ? { type: 'function' as const, function: { name: c.tool_choice.name } } : c.tool_choice,
    });
  }

  /**
   * For `anthropic.messages.create({ max_tokens: 1024, ...compiled.toAnthropic() })`: the system
   * messages (all of them, in order) become `system`; tools take `input_schema`. Anthropic has no
   * `response_format` of this shape: a JSON schema is left to you (a tool, or the instructions).
   */
  toAnthropic(): AnthropicMessageParams {
    const c = this.config;
    const system = this.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const choice = c.tool_choice;
    return defined({
      model: c.model,
      max_tokens: c.max_tokens,
      system: system.length ? system.join('\n\n') : undefined,
      messages: this.messages.flatMap((m) => (m.role === 'system' ? [] : [{ role: m.role, content: m.content }])),
      temperature: c.temperature,
      top_p: c.top_p,
      stop_sequences: c.stop,
      tools: c.tools?.map((t) => defined({ name: t.name, description: t.description, input_schema: t.parameters as { type: 'object' } })),
      tool_choice:
        choice === undefined
          ? undefined
          : typeof choice === 'object'
            ? { type: 'tool' as const, name: choice.name }
            : choice === 'required'
              ? { type: 'any' as const }
              : { type: choice },
    });
  }
}

const slugPath = (template: typeof GET | typeof COMPILE | typeof VERSIONS | typeof EVALUATIONS | typeof EVALUATION, slug: string) =>
  template.replace('{slug}', encodeURIComponent(slug));

class Prompts {
  readonly #client: Construct;

  constructor(client: Construct) {
    this.#client = client;
  }

  /** One prompt by slug: the version a label or number names, else the latest. */
  get(slug: string, options: GetOptions = {}): Promise<PromptResult> {
    const { label, version, fallback } = options;
    const query: NonNullable<GetOperation['parameters']['query']> = {};
    if (label !== undefined) query.label = label;
    if (version !== undefined) query.version = String(version);
    const search = new URLSearchParams(query).toString();
    return this.#client.cached<PromptResult>(
      `get\0${slug}\0${label ?? ''}\0${version ?? ''}`,
      () => this.#client.request<Prompt>('GET', slugPath(GET, slug) + (search ? `?${search}` : '')),
      fallback === undefined
        ? undefined
        : () =>
            typeof fallback === 'string'
              ? {
                  slug,
                  title: slug,
                  version: version ?? 0,
                  labels: label ? [label] : [],
                  kind: 'text',
                  body: fallback,
                  config: {},
                  variables: [],
                  tasks: [],
                  industries: [],
                  updated_at: '',
                  is_fallback: true,
                }
              : { ...fallback, is_fallback: true },
    );
  }

  /**
   * A text prompt's text, filled on the server: INPUTs from `variables`, SNIPPET and PROFILE from
   * your context, your prefix and suffix unless `directives` is false. A chat prompt has messages
   * rather than one text: compile it with `compileChat`.
   */
  async compile(slug: string, variables: Record<string, string> = {}, options: CompileOptions = {}): Promise<string> {
    const { fallback, ...rest } = options;
    const answer = await this.#compile(
      slug,
      variables,
      rest,
      fallback === undefined ? undefined : () => ({ kind: 'text', text: typeof fallback === 'string' ? fallback : fallback(variables), config: {} }),
    );
    if (answer.kind === 'chat') throw new TypeError(`Construct: '${slug}' is a chat prompt: compile it with prompts.compileChat() for its messages.`);
    return answer.text;
  }

  /**
   * Any prompt filled on the server as messages (a text prompt: one user message), with the
   * version's model settings; `history` fills a chat prompt's placeholders. The result's
   * `toOpenAI()` and `toAnthropic()` give those SDKs' parameters.
   */
  async compileChat(slug: string, variables: Record<string, string> = {}, options: CompileChatOptions = {}): Promise<CompiledPrompt> {
    const { fallback, ...rest } = options;
    const answer = await this.#compile(
      slug,
      variables,
      rest,
      fallback === undefined ? undefined : () => ({ kind: 'chat', messages: typeof fallback === 'function' ? fallback(variables) : fallback, config: {} }),
    );
    return new CompiledPrompt(answer);
  }

  #compile(
    slug: string,
    variables: Record<string, string>,
    { label, version, directives, history }: VersionOptions & { directives?: boolean; history?: History },
    fallback: (() => CompileAnswer) | undefined,
  ): Promise<CompileAnswer> {
    const body: CompileRequest = { variables };
    if (label !== undefined) body.label = label;
    if (version !== undefined) body.version = version;
    if (directives !== undefined) body.directives = directives;
    if (history !== undefined) body.history = history;
    return this.#client.cached<CompileAnswer>(
      `compile\0${slug}\0${label ?? ''}\0${version ?? ''}\0${directives ?? ''}\0${variablesKey(variables)}\0${history === undefined ? '' : JSON.stringify(history)}`,
      () => this.#client.request('POST', slugPath(COMPILE, slug), body),
      fallback,
    );
  }

  /** Your prompts: slug, title, latest version, labels and variables. */
  async list(options: ListOptions = {}): Promise<PromptSummary[]> {
    const { fallback } = options;
    const answer = await this.#client.cached<Success<paths[typeof LIST]['get']>>(
      'list',
      async () => {
        // A list past 900 KB comes in pages: follow the cursor to the last one.
        const prompts: PromptSummary[] = [];
        let cursor: string | null = null;
        do {
          const page: { body: Success<paths[typeof LIST]['get']>; next: string | null } = await this.#client.page(
            cursor ? `${LIST}?cursor=${encodeURIComponent(cursor)}` : LIST,
          );
          prompts.push(...page.body.prompts);
          cursor = page.next;
        } while (cursor);
        return { prompts };
      },
      fallback === undefined ? undefined : () => ({ prompts: fallback }),
    );
    return answer.prompts;
  }

  /**
   * Saves a new version of a prompt's content (title, kind, body or messages, config) made from
   * `base_version`, the version you edited: a 409 ConstructError when the prompt has a newer one.
   * The same content makes no new version. Never cached.
   */
  push(slug: string, request: PushRequest): Promise<Prompt> {
    return this.#client.request<Prompt>('POST', slugPath(VERSIONS, slug), request);
  }
}

class Evaluations {
  readonly #client: Construct;

  constructor(client: Construct) {
    this.#client = client;
  }

  /** Evaluates one version (a label's, a number's, or the latest) on the prompt's examples and checks. */
  start(slug: string, options: VersionOptions = {}): Promise<EvaluationStarted> {
    const { label, version } = options;
    return this.#client.request<EvaluationStarted>('POST', slugPath(EVALUATIONS, slug), defined({ label, version }));
  }

  /** An evaluation's status, progress and pass rate, read fresh each time. */
  get(slug: string, id: string): Promise<Evaluation> {
    return this.#client.request<Evaluation>('GET', slugPath(EVALUATION, slug).replace('{evaluation_id}', encodeURIComponent(id)));
  }
}

export type { Evaluations, Prompts };
