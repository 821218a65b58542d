import type * as z from 'zod/mini';
import { CONTENT_SHA256_HEADER } from '@shared/edge';
import { API_BASE, NEXT_CURSOR_HEADER } from '@shared/routes';
import { getAccessToken } from './auth-token';
import { actsOnWorkspace, currentWorkspaceId } from './current-workspace';
import type { WorkspaceId } from './query-keys';

/**
 * A small fetch wrapper for the Construct API (docs/product.md): base path /api/v1, JSON by default,
 * the bearer token when one is stored, success = any 2xx. Failures throw an ApiError whose message
 * is the server's `detail`. Responses are parsed with the shared zod contract, so the types of the
 * data come from the schemas, never from hand-written interfaces.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the response could not be used at all. */
  readonly status: number;
  /** The server's `detail` message, when it sent one. */
  readonly detail: string | undefined;
  readonly method: HttpMethod;
  /** Path below the API base, e.g. `/auth/me`. */
  readonly path: string;
  /** The error body as sent (a refused label move names its evaluation_id there). */
  readonly body: unknown;

  constructor(init: { status: number; detail?: string; method: HttpMethod; path: string; message?: string; body?: unknown }) {
    super(init.detail ?? init.message ?? `Request failed with ${init.status}`);
    this.status = init.status;
    this.detail = init.detail;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
  }
}

/** The text to show for a failed call: the server's detail when there is one, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

/** Called when a request that carried a token is answered 401 (expired or revoked session). */
type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

interface BaseOptions {
  method?: HttpMethod;
  /** A JSON body (serialised with JSON.stringify). */
  json?: unknown;
  /** A form-encoded body (application/x-www-form-urlencoded), used by the login call. */
  form?: Record<string, string>;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Attach the stored bearer token (default true). */
  auth?: boolean;
  /** Send this bearer token instead of the stored one (the checkout also accepts fallback keys). */
  token?: string;
  /** A workspace route's workspace: a team's id, or null for the caller's own (default: the current one, current-workspace.ts). Queries pass the one in their key. */
  workspace?: WorkspaceId;
  signal?: AbortSignal;
  /** Send the body's SHA-256: the run route's function URL is signed by CloudFront and needs it (shared/edge.ts). */
  bodyHash?: boolean;
}

export interface RequestOptions<S extends z.ZodMiniType | undefined> extends BaseOptions {
  /** The response contract; without it the parsed JSON is returned as `unknown`. */
  schema?: S;
}

type Result<S> = S extends z.ZodMiniType ? z.infer<S> : unknown;

function buildUrl(path: string, query: BaseOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `detail` of an error body. The zod contract is imported on demand, so a signed-out first
 * visit (no failed calls) does not download zod.
 */
async function errorDetail(data: unknown): Promise<string | undefined> {
  try {
    const { ErrorBody } = await import('@shared/contract/common');
    const parsed = ErrorBody.safeParse(data);
    return parsed.success ? parsed.data.detail : undefined;
  } catch {
    return undefined; // the chunk failed to load: still an ApiError, without the server's detail
  }
}

/**
 * Every call of the app goes through here (JSON, pages, streams, downloads): one place that
 * attaches the token, and one signed-out path: a 401 to a call that carried a token ends the
 * session. Any other failure throws an ApiError with the server's detail. The 2xx Response is
 * returned unread.
 */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function call(path: string, options: BaseOptions, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ accept });
  let body: BodyInit | undefined;
  if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (options.bodyHash) headers.set(CONTENT_SHA256_HEADER, await sha256Hex(typeof body === 'string' ? body : ''));
  const token = options.token ?? (options.auth === false ? null : getAccessToken());
  if (token) headers.set('authorization', `Bearer ${token}`);

  const workspace = options.workspace === undefined ? currentWorkspaceId() : options.workspace;
  const query = workspace && actsOnWorkspace(method, path) ? { ...options.query, workspace } : options.query;
  const response = await fetch(buildUrl(path, query), { method, headers, body, signal: options.signal });
  if (!response.ok) {
    const body = await readBody(response);
    const detail = await errorDetail(body);
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    throw new ApiError({ status: response.status, detail, method, path, body });
  }
  return response;
}

async function send<S extends z.ZodMiniType | undefined>(path: string, options: RequestOptions<S>): Promise<{ data: Result<S>; response: Response }> {
  const response = await call(path, options, 'application/json');
  const data = await readBody(response);
  if (!options.schema) return { data: data as Result<S>, response };
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, method: options.method ?? 'GET', path, message: 'The server sent an unexpected response.' });
  }
  return { data: parsed.data as Result<S>, response };
}

export async function apiRequest<S extends z.ZodMiniType | undefined = undefined>(path: string, options: RequestOptions<S> = {}): Promise<Result<S>> {
  return (await send(path, options)).data;
}

/**
 * A page of a paged list (the admin lists): the rows, as apiRequest parses them, and the cursor of
 * the next page from the `header` the server names it in (null on the last page).
 */
export async function apiPage<S extends z.ZodMiniType>(
  path: string,
  header: string,
  options: RequestOptions<S>,
): Promise<{ rows: Result<S>; next: string | null }> {
  const { data, response } = await send(path, options);
  return { rows: data, next: response.headers.get(header) };
}

/**
 * Every page of one of the user's own lists (answered whole up to 900 KB, then in pages): follows
 * the cursor header until the last page and joins the pages with `merge`.
 */
export async function apiEveryPage<S extends z.ZodMiniType>(
  path: string,
  options: RequestOptions<S>,
  merge: (all: Result<S>, page: Result<S>) => Result<S>,
): Promise<Result<S>> {
  let { data: all, response } = await send(path, options);
  for (let cursor = response.headers.get(NEXT_CURSOR_HEADER); cursor; cursor = response.headers.get(NEXT_CURSOR_HEADER)) {
    const page = await send(path, { ...options, query: { ...options.query, cursor } });
    all = merge(all, page.data);
    response = page.response;
  }
  return all;
}

/**
 * A request whose successful answer is not JSON but a stream (the workbench's run): the 2xx
 * Response is returned unread so the caller can read its body as it arrives. Abort with `signal`.
 */
export async function apiStream(
  path: string,
  { accept = 'text/plain, application/json', ...options }: Pick<BaseOptions, 'method' | 'json' | 'signal'> & { accept?: string } = {},
): Promise<Response> {
  const response = await call(path, { method: 'POST', ...options, bodyHash: true }, accept);
  if (!response.body) throw new ApiError({ status: response.status, method: options.method ?? 'POST', path, message: 'The server sent an empty response.' });
  return response;
}

/**
 * A GET whose answer is a file (the exports): fetched with the token (a plain link could not send
 * it), then handed to the browser as a download under the name the server gives
 * (Content-Disposition), else `fallbackName`. Resolves to the file's name.
 */
export async function apiDownload(path: string, options: { query?: BaseOptions['query']; fallbackName: string }): Promise<string> {
  const response = await call(path, { query: options.query }, '*/*');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
