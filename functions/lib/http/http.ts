import type { Readable } from 'node:stream';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { BodySchemaOf, QuerySchemaOf } from '@shared/contract';
import { type AccessOf, API_BASE, type ParamNames, type ParamsOf, paramNames, ROUTES, type RouteDef, type RouteKey, routeKey } from '@shared/routes';
import { findApiKey, isApiKey, touchApiKey } from '../data/api-keys';
import { personalPk, teamPk, type WorkspacePk } from '../data/keys';
import { cancellationCodes, conditionFailed, lostToConcurrentWrite } from '../data/retry';
import { TEAM_NOT_FOUND, teamKeys } from '../data/team';
import { getUserForToken, type Item, type Key, sessionVersionOf, type UserRecord } from '../data/users';
import { isTeamId, personalWorkspace, teamWorkspace, type WorkspaceRef } from '../data/workspace';
import { moveLegacyProfileValues } from '../migrations/legacy-profile-values';
import { config } from './config';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './errors';
import { logger, userRef } from './log';
import { type TokenClaims, verifyAccessToken } from './tokens';
import { parseQuery, parseWith } from './validation';

/**
 * Every handler is one middy chain with the same conventions (docs/architecture.md, "The request path"):
 * normalise headers → size guard → parse body (middy's parsers) → authenticate → zod-validate →
 * handler; a response middleware first in the chain adds headers and maps every error to
 * `{"detail": ...}`, with unknown errors becoming a bare 500.
 *
 * Access comes from the route table entry for `route`, so the table stays the one source.
 *
 * A signed-in route that reads items before it writes names them in `preload`: they are read in
 * the authentication BatchGet, so the route costs one round trip less (see `Preload`).
 *
 * Routes marked `streaming` in the table use Lambda response streaming (middy's
 * `streamifyResponse`): the same chain, and the handler may answer with a Readable body that
 * reaches the client chunk by chunk. Errors before the body starts are the usual `{detail}` JSON.
 */
export type Result = APIGatewayProxyStructuredResultV2;
/** A streamed answer: status and headers first, then the body as it is produced. */
export type StreamedResult = Omit<Result, 'body' | 'isBase64Encoded'> & { body: Readable };

type StreamingEntry = Extract<(typeof ROUTES)[number], { streaming: true }>;
type StreamingKey = `${StreamingEntry['method']} ${StreamingEntry['path']}`;
/** Only streaming routes may answer with a Readable body. */
type ResultOf<K extends RouteKey> = K extends StreamingKey ? Result | StreamedResult : Result;

export interface ApiRequest<
  Body,
  U,
  P extends string = never,
  S = U extends null ? null : TokenClaims,
  Params = Record<never, string>,
  Query = Record<never, never>,
> {
  event: APIGatewayProxyEventV2;
  context: Context;
  body: Body;
  user: U;
  /** The verified bearer token (signed-in routes; null when an API key opened the route). */
  session: S;
  /** The API key that opened a `key_or_user` route, if one did. */
  apiKeyId: string | null;
  /** The route's path parameters, each a non-empty string (pathGuard answers 404 otherwise). */
  params: Params;
  /** The query string parsed by the route's query schema (400 with its message when a value is refused). */
  query: Query;
  /** The items named in the route's `preload`, as stored; `undefined` when there is none. */
  preloaded: Record<P, Item | undefined>;
  /** The workspace the route acts on (signed-in routes): the caller's own, or `?workspace=<team id>`. */
  workspace: U extends null ? null : WorkspaceRef;
}

/** What a preload key is built from: the path parameters, the caller's own id and the workspace's partition. */
export interface PreloadInput<N extends string = never> {
  params: { readonly [K in N]: string };
  userId: string;
  workspace: WorkspacePk;
}

/**
 * Items a signed-in route needs before it writes, by name: each builds its key (or `undefined` to
 * skip it) and the item is read in the same BatchGet as the user and the token's revocation marker,
 * so reading it costs no round trip of its own. Build keys of workspace data from `workspace` (the
 * team's membership is checked in the same read) and personal data from `userId`, so another
 * user's id names nothing and the route answers 404 as before.
 *
 * Such a BatchGet reads strongly (all its keys: DynamoDB sets ConsistentRead per table). The items
 * are ones the route writes next or answers about: a prompt whose version a save conditions on, a
 * snapshot or a category made a moment ago. An eventual read would keep saves correct (their
 * condition fails and they read again) but could miss an item written a moment earlier and answer
 * 404, or refuse a restore as "already current". A strong read costs the same round trip and one
 * read unit per 4 KB instead of half of one.
 */
export type Preload<P extends string, N extends string = string> = Record<P, (input: PreloadInput<N>) => Key | undefined>;

/**
 * The route's own schemas from its contract entry (shared/contract/index.ts): `body` exactly when
 * the entry has a request schema, `query` exactly when it has a query schema, each the entry's own
 * (the type demands it; tests/unit/route-contract.test.ts checks the objects are the same). The
 * handler names them rather than `api` reading the contract, so a function bundles only its own.
 */
type SchemaOptions<K extends RouteKey> = (BodySchemaOf<K> extends z.ZodMiniType ? { body: BodySchemaOf<K> } : { body?: undefined }) &
  (QuerySchemaOf<K> extends z.ZodMiniType ? { query: QuerySchemaOf<K> } : { query?: undefined });

type Options<K extends RouteKey, P extends string> = SchemaOptions<K> & {
  /** How the body is encoded on the wire (the login is an OAuth2 password form). */
  encoding?: 'json' | 'form';
  /** A larger body limit than config.maxBodyBytes for this route (imports); Lambda takes at most 6 MB. */
  maxBodyBytes?: number;
  /** Items read with the user (signed-in routes only), handed to the handler as `preloaded`. */
  preload?: Preload<P, RouteParam<K>>;
};
/** What `api` keeps of a handler's options: the unit test compares them with the contract entry. */
export interface Binding {
  route: RouteKey;
  body?: z.ZodMiniType;
  query?: z.ZodMiniObject;
  encoding?: 'json' | 'form';
}

type RouteParam<K extends RouteKey> = ParamNames<K extends `${string} ${infer P}` ? P : never>;
type BodyOf<K extends RouteKey> = BodySchemaOf<K> extends z.ZodMiniType ? z.infer<BodySchemaOf<K>> : undefined;
type QueryOf<K extends RouteKey> = QuerySchemaOf<K> extends z.ZodMiniType ? z.infer<QuerySchemaOf<K>> : Record<never, never>;
/** Signed-in routes always have the current user; public ones never do. */
type UserOf<K extends RouteKey> = AccessOf<K> extends 'user' | 'admin' | 'key_or_user' ? UserRecord : null;
/** The session token's claims: always on `user`/`admin` routes, null when an API key opened a `key_or_user` route. */
type SessionOf<K extends RouteKey> = AccessOf<K> extends 'user' | 'admin' ? TokenClaims : AccessOf<K> extends 'key_or_user' ? TokenClaims | null : null;

type Event = APIGatewayProxyEventV2 & {
  user?: UserRecord | null;
  session?: TokenClaims | null;
  apiKeyId?: string;
  preloaded?: Record<string, Item | undefined>;
  workspace?: WorkspaceRef;
};

export const KEY_REFUSED = 'API keys open only the registry and MCP routes. Sign in to use this one.';

export function api<K extends RouteKey, P extends string = never>(
  route: K,
  options: Options<K, P>,
  fn: (request: ApiRequest<BodyOf<K>, UserOf<K>, P, SessionOf<K>, ParamsOf<K>, QueryOf<K>>) => Promise<ResultOf<K>>,
) {
  const entry = routeEntry(route);
  const names = paramNames(entry.path);
  const body: z.ZodMiniType | undefined = options.body;
  const query = options.query as z.ZodMiniObject | undefined;
  if (options.preload && (entry.access === 'public' || entry.access === 'stripe')) throw new Error(`${route}: only signed-in routes preload`);
  const chain = middy<Event, Result>(entry.streaming ? streamingRuntime() : {})
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(respond(route))
    .use(httpHeaderNormalizer());
  // A function URL (how AWS serves a streaming route) hands every method and path to the function.
  if (entry.streaming) chain.use(directGuard(entry));
  chain.use(bodyGuard(body, options.maxBodyBytes));
  if (body) {
    chain.use(options.encoding === 'form' ? httpUrlencodeBodyParser() : httpJsonBodyParser());
  }
  chain.use(authenticate(entry, names, options.preload as Preload<string> | undefined)).use(pathGuard(names));
  const handler = chain.handler(async (event, context) => {
    const parsed = body ? parseWith(body, event.body) : undefined;
    // middy's types know buffered results only; a StreamedResult is piped by streamifyResponse.
    return (await fn({
      event,
      context,
      body: parsed as BodyOf<K>,
      user: (event.user ?? null) as UserOf<K>,
      session: (event.session ?? null) as SessionOf<K>,
      apiKeyId: event.apiKeyId ?? null,
      // pathGuard has checked that each of the route's parameters is there and not empty.
      params: paramsOf(event, names) as ParamsOf<K>,
      query: (query ? parseQuery(query, event.queryStringParameters ?? {}) : {}) as QueryOf<K>,
      preloaded: (event.preloaded ?? {}) as Record<P, Item | undefined>,
      workspace: (event.workspace ?? null) as UserOf<K> extends null ? null : WorkspaceRef,
    })) as Result;
  });
  const binding: Binding = { route, ...(body ? { body } : {}), ...(query ? { query } : {}), ...(options.encoding ? { encoding: options.encoding } : {}) };
  return Object.assign(handler, { binding });
}

/** The route's path parameters from the event (only the route's own names). */
function paramsOf(event: Event, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, event.pathParameters?.[name] ?? '']));
}

function routeEntry(route: string): RouteDef {
  const entry = (ROUTES as readonly RouteDef[]).find((r) => routeKey(r) === route);
  if (!entry) throw new Error(`Route ${route} is not in the route table`);
  return entry;
}

/**
 * middy's streaming mode wraps the handler with the Lambda runtime's `awslambda` global
 * (locally infra/local/lambda-runtime.ts provides it): fail at load with a reason, not later.
 */
function streamingRuntime(): { streamifyResponse: true } {
  if (typeof (globalThis as { awslambda?: { streamifyResponse?: unknown } }).awslambda?.streamifyResponse !== 'function') {
    throw new Error('Response streaming needs the Lambda runtime global `awslambda` (locally: infra/local/lambda-runtime.ts).');
  }
  return { streamifyResponse: true };
}

/** Exactly the route's method and path, as API Gateway would have routed it. */
function directGuard(route: RouteDef): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const path = event.rawPath ?? event.requestContext?.http?.path;
      if (path !== `${API_BASE}${route.path}`) throw new NotFoundError('Not found.');
      if (event.requestContext?.http?.method !== route.method) {
        const error = new MethodNotAllowedError(`Method ${event.requestContext?.http?.method} is not allowed here.`);
        Object.assign(error.headers, { allow: route.method });
        throw error;
      }
    },
  };
}

export const json = (statusCode: number, data: unknown): Result => ({ statusCode, body: JSON.stringify(data) });
export const ok = (data: unknown) => json(200, data);
export const created = (data: unknown) => json(201, data);
export const noContent = (): Result => ({ statusCode: 204 });

/** Headers every API answer carries, in AWS and locally. */
export const API_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * Headers on every answer, errors as `{detail}`, and one log line per request (route, status,
 * latency, hashed user, error class) — 4xx included, since refused requests are what an operator
 * looks for first.
 */
function respond(route: string): middy.MiddlewareObj<Event, Result> {
  const withHeaders = (result: Result): Result => {
    const headers = { ...API_HEADERS, ...(result.headers ?? {}) };
    if (result.body === undefined) delete headers['content-type'];
    return { ...result, headers };
  };
  const started = new WeakMap<object, number>();
  const logRequest = (request: middy.Request<Event, Result>, status: number, error?: unknown) => {
    const fields = {
      route,
      status,
      latency_ms: Math.round((performance.now() - (started.get(request) ?? performance.now())) * 10) / 10,
      ...(request.event?.user ? { user: userRef(request.event.user.id) } : {}),
      ...(error instanceof Error ? { error: error.name } : {}),
    };
    if (status >= 500) logger.error('request failed', { ...fields, ...(error instanceof Error ? { message: error.message, stack: error.stack } : {}) });
    else logger.info('request', fields);
  };
  return {
    before: (request) => {
      started.set(request, performance.now());
    },
    after: (request) => {
      request.response = withHeaders(request.response ?? { statusCode: 204 });
      logRequest(request, request.response.statusCode ?? 200);
    },
    onError: (request) => {
      const error = toHttpError(request.error);
      request.response = error
        ? withHeaders({ ...json(error.statusCode, error.toJSON()), headers: error.headers })
        : withHeaders(json(500, { detail: 'Internal server error.' }));
      logRequest(request, request.response.statusCode ?? 500, request.error);
    },
  };
}

const BUSY = 'The service is busy. Please try again in a moment.';
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
const NETWORK_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'];

/** Storage (or another service) could not be reached or did not answer in time. */
function unreachable(error: Error): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return (code !== undefined && NETWORK_CODES.includes(code)) || ['RequestTimeout', 'TimeoutError', 'NetworkingError'].includes(error.name);
}
const CONCURRENT = 'Another request changed the same data at the same time. Please try again.';
const CHANGED = 'This item was changed by another request. Please reload and try again.';

/** Our errors pass through; middy's parser errors and storage faults get clear details. */
function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof Error)) return null;
  const cause = (error as { cause?: { package?: string } }).cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    return error.message === 'Unsupported Media Type'
      ? new UnsupportedMediaTypeError('Content-Type must be application/json.')
      : new BadRequestError('Request body is not valid JSON.');
  }
  if (cause?.package === '@middy/http-urlencode-body-parser') {
    return error.message === 'Unsupported Media Type'
      ? new UnsupportedMediaTypeError('Content-Type must be application/x-www-form-urlencoded.')
      : new BadRequestError('Request body is not a valid form.');
  }
  if (error.name === 'TimeoutError') {
    // middy answers just before the Lambda time-out, so the client gets a reason, not a dropped connection.
    return new ServiceUnavailableError('The request took too long. Please try again.');
  }
  if (unreachable(error)) return new ServiceUnavailableError(UNAVAILABLE);
  if (
    ['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError', 'ServiceUnavailable'].includes(error.name)
  ) {
    return new ServiceUnavailableError(BUSY);
  }
  // A transaction a handler did not interpret (transact() maps the conditions it expects).
  const codes = cancellationCodes(error);
  if (codes?.some((c) => ['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded'].includes(c))) return new ServiceUnavailableError(BUSY);
  // Lost to a concurrent writer (a transaction, or a single write that collided with one), or a
  // guard a handler did not expect to fail.
  if (lostToConcurrentWrite(error)) return new ConflictError(CONCURRENT);
  if (codes?.includes('ConditionalCheckFailed') || conditionFailed(error)) return new ConflictError(CHANGED);
  return null;
}

function bodyGuard(body: z.ZodMiniType | undefined, maxBodyBytes: number | undefined): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (!body) return;
      const raw = event.body ?? '';
      const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      const limit = maxBodyBytes ?? config.maxBodyBytes;
      if (bytes > limit) {
        throw new PayloadTooLargeError(`Request body is too large (limit ${limit / 1024} KB).`);
      }
      if (!raw) throw new BadRequestError('Request body is required.');
    },
  };
}

/** Longest path parameter a route looks up: ids longer than this name nothing (and DynamoDB keys are capped at 1 KB). */
const MAX_PATH_PARAMETER_BYTES = 512;

/** A path that names nothing: a parameter of the route missing or empty, or any too long to be a key. */
const unroutable = (event: Event, names: string[]) =>
  names.some((name) => !event.pathParameters?.[name]) ||
  Object.values(event.pathParameters ?? {}).some((value) => value !== undefined && Buffer.byteLength(value) > MAX_PATH_PARAMETER_BYTES);

function pathGuard(names: string[]): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (unroutable(event, names)) throw new NotFoundError('Not found.');
    },
  };
}

/** The keys a route preloads; none when the path names nothing (pathGuard answers 404 next). */
function preloadKeys(preload: Preload<string> | undefined, event: Event, names: string[], userId: string, workspace: WorkspacePk): Record<string, Key> {
  if (!preload || unroutable(event, names)) return {};
  const input: PreloadInput<string> = { params: paramsOf(event, names), userId, workspace };
  const keys: Record<string, Key> = {};
  for (const [name, build] of Object.entries(preload)) {
    const key = build(input);
    if (key) keys[name] = key;
  }
  return keys;
}

/** Names of the team's items in the authenticating BatchGet, beside the route's own preloads. */
const MEMBER = '\0member';
const TEAM = '\0team';

/**
 * The team a request names with `?workspace=<team id>`, or null for the caller's own workspace.
 * Only workspace routes take it (400 elsewhere, so a client never believes a team was used).
 */
function requestedTeam(entry: RouteDef, event: Event): string | null {
  const value = event.queryStringParameters?.workspace;
  if (value === undefined) return null;
  if (!entry.workspace) throw new BadRequestError('This route does not act on a workspace: leave out ?workspace=.');
  if (!isTeamId(value)) throw new NotFoundError(TEAM_NOT_FOUND);
  return value;
}

/**
 * Reads the caller (and, for a team workspace, their member item and the team item) with the
 * route's preloads in one BatchGet; refuses a team the caller is not in (404) and a viewer's
 * write (403). Removing a member deletes their member item, so their next request is refused.
 */
async function readCaller(entry: RouteDef, event: Event, names: string[], preload: Preload<string> | undefined, userId: string, tokenId: string | null) {
  const teamId = requestedTeam(entry, event);
  const workspace = teamId ? teamPk(teamId) : personalPk(userId);
  const keys = preloadKeys(preload, event, names, userId, workspace);
  if (teamId) Object.assign(keys, { [MEMBER]: teamKeys.member(teamId, userId), [TEAM]: teamKeys.team(teamId) });
  const { user, revoked, preloaded } = await getUserForToken(userId, tokenId, keys);
  if (!user) throw new UnauthorizedError('Your account no longer exists.');
  if (!teamId) return { user, revoked, preloaded, workspace: personalWorkspace(user) };
  const { [MEMBER]: member, [TEAM]: team, ...own } = preloaded as Record<string, Item | undefined>;
  return { user, revoked, preloaded: own, workspace: teamWorkspace(user, teamId, member, team, entry.workspace ?? 'read') };
}

function authenticate(entry: RouteDef, names: string[], preload?: Preload<string>): middy.MiddlewareObj<Event, Result> {
  const { access } = entry;
  return {
    before: async ({ event }) => {
      if (access === 'public' || access === 'stripe') return;
      const header = event.headers?.authorization ?? '';
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError('Not authenticated.');
      if (isApiKey(token)) {
        // A key opens the registry and MCP routes only (access `key_or_user` in the route table).
        if (access !== 'key_or_user') throw new ForbiddenError(KEY_REFUSED);
        const found = await findApiKey(token);
        if (!found) throw new UnauthorizedError('This API key is not valid or has been revoked.');
        const [{ user, preloaded, workspace }] = await Promise.all([
          readCaller(entry, event, names, preload, found.user_id, null),
          // GET functions are read-only (least privilege): a key's use is recorded by its writes (compile, MCP).
          event.requestContext?.http?.method === 'GET' ? undefined : touchApiKey(token, found),
        ]);
        await moveLegacyProfileValues(user);
        event.user = user;
        event.session = null;
        event.apiKeyId = found.key_id;
        event.preloaded = preloaded;
        event.workspace = workspace;
        return;
      }
      const claims = await verifyAccessToken(token);
      const { user, revoked, preloaded, workspace } = await readCaller(entry, event, names, preload, claims.userId, claims.tokenId);
      // A deleted account's tokens stop working on the next request; so does a logged-out token.
      if (revoked || claims.sessionVersion !== sessionVersionOf(user)) throw new UnauthorizedError('Your session has ended. Please log in again.');
      if (access === 'admin' && !user.is_admin) throw new ForbiddenError('Administrator access is required.');
      // Once per user who still has PROFILE values on their item (context.ts), so it stays small.
      await moveLegacyProfileValues(user);
      event.user = user;
      event.session = claims;
      event.preloaded = preloaded;
      event.workspace = workspace;
    },
  };
}
