import { CompiledPrompt, defined } from './compiled-prompt.js';
import {
  COMPILE,
  type CompileAnswer,
  type CompileChatOptions,
  type CompileOptions,
  type CompileRequest,
  ConstructError,
  type ConstructOptions,
  type ErrorBody,
  EVALUATION,
  EVALUATIONS,
  type Evaluation,
  type EvaluationStarted,
  GET,
  type GetOperation,
  type GetOptions,
  type History,
  LIST,
  type ListOptions,
  type Prompt,
  type PromptListPage,
  type PromptResult,
  type PromptSummary,
  type PushRequest,
  SDK_CLIENT,
  VERSIONS,
  type VersionOptions,
} from './types.js';

/**
 * Construct's TypeScript SDK: fetch your prompts by slug (pinned by label or version) and compile
 * them on the server, with an in-memory cache (stale-while-revalidate) and a fallback for when
 * the API cannot be reached. No dependencies: it uses the global `fetch`.
 */

export type { AnthropicMessageParams, OpenAIChatParams } from './compiled-prompt.js';
export type {
  ChatMessage,
  CompileAnswer,
  CompileChatOptions,
  CompileOptions,
  CompileRequest,
  ConstructOptions,
  ErrorBody,
  Evaluation,
  EvaluationStarted,
  GetOptions,
  History,
  ListOptions,
  ModelConfig,
  Prompt,
  PromptResult,
  PromptSummary,
  PushRequest,
  Variable,
  VersionOptions,
} from './types.js';
export { ConstructError } from './types.js';
export { CompiledPrompt };

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
    const answer = await this.#client.cached<PromptListPage>(
      'list',
      async () => {
        // A list past 900 KB comes in pages: follow the cursor to the last one.
        const prompts: PromptSummary[] = [];
        let cursor: string | null = null;
        do {
          const page: { body: PromptListPage; next: string | null } = await this.#client.page(cursor ? `${LIST}?cursor=${encodeURIComponent(cursor)}` : LIST);
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
