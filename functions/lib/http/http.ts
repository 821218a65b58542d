import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { BodySchemaOf, QuerySchemaOf } from '@shared/contract';
import { type AccessOf, API_BASE, type ParamNames, type ParamsOf, paramNames, ROUTES, type RouteDef, type RouteKey, routeKey } from '@shared/routes';
import type { Item } from '../data/db';
import type { UserRecord } from '../data/users';
import type { WorkspaceRef } from '../data/workspace';
import { moveLegacyProfileValues } from '../migrations/legacy-profile-values';
import { authenticate, type Event, type Preload, paramsOf, unroutable } from './authenticate';
import { config } from './config';
import { toHttpError } from './error-map';
import { BadRequestError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError } from './errors';
import { logger, userRef } from './log';
import type { TokenClaims } from './tokens';
import { parseQuery, parseWith } from './validation';

/**
 * Every handler is one middy chain with the same conventions (docs/architecture.md, "The request path"):
 * normalise headers → size guard → parse body (middy's parsers) → authenticate (authenticate.ts)
 * → pending data moves (migrate, below) → path guard → zod-validate → handler; a response
 * middleware first in the chain adds headers and maps every error to `{"detail": ...}`
 * (error-map.ts), with unknown errors becoming a bare 500.
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
  /** The body may be left out (the contract's `optionalBody`): the handler gets the schema's defaults. */
  optionalBody?: true;
  /** Items read with the user (signed-in routes only), handed to the handler as `preloaded`. */
  preload?: Preload<P, RouteParam<K>>;
};
/** What `api` keeps of a handler's options: the unit test compares them with the contract entry. */
export interface Binding {
  route: RouteKey;
  body?: z.ZodMiniType;
  optionalBody?: true;
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
  chain.use(bodyGuard(body, options.maxBodyBytes, options.optionalBody === true));
  if (body) {
    chain.use(options.encoding === 'form' ? httpUrlencodeBodyParser() : httpJsonBodyParser());
  }
  chain
    .use(authenticate(entry, names, options.preload as Preload<string> | undefined))
    .use(migrate())
    .use(pathGuard(names));
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
  const binding: Binding = {
    route,
    ...(body ? { body } : {}),
    ...(options.optionalBody ? { optionalBody: true as const } : {}),
    ...(query ? { query } : {}),
    ...(options.encoding ? { encoding: options.encoding } : {}),
  };
  return Object.assign(handler, { binding });
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

/** Exports larger than this go gzip-compressed to clients that accept it (Lambda answers at most 6 MB). */
const COMPRESS_OVER_BYTES = 1024 * 1024;

/** A file download: the body with its type and name, gzip-compressed when large and accepted. */
export function fileResponse(body: string, contentType: string, fileName: string, acceptEncoding: string | undefined): Result {
  const headers = { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"`, vary: 'accept-encoding' };
  if (Buffer.byteLength(body) > COMPRESS_OVER_BYTES && /\bgzip\b/i.test(acceptEncoding ?? '')) {
    return { statusCode: 200, headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(body).toString('base64'), isBase64Encoded: true };
  }
  return { statusCode: 200, headers, body };
}

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

function bodyGuard(body: z.ZodMiniType | undefined, maxBodyBytes: number | undefined, optional: boolean): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (!body) return;
      const raw = event.body ?? '';
      const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      const limit = maxBodyBytes ?? config.maxBodyBytes;
      if (bytes > limit) {
        throw new PayloadTooLargeError(`Request body is too large (limit ${limit / 1024} KB).`);
      }
      if (raw) return;
      if (!optional) throw new BadRequestError('Request body is required.');
      // Left out: an empty JSON object, so the schema's defaults apply.
      event.body = '{}';
      event.isBase64Encoded = false;
      event.headers = { ...event.headers, 'content-type': 'application/json' };
    },
  };
}

function pathGuard(names: string[]): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (unroutable(event, names)) throw new NotFoundError('Not found.');
    },
  };
}

/**
 * The one place the request path runs one-off data moves (functions/lib/migrations/), after the
 * caller is known; each move's module says when it is deleted, and this middleware with the last.
 */
function migrate(): middy.MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      // Once per user who still has PROFILE values on their item, so it stays small.
      if (event.user) await moveLegacyProfileValues(event.user);
    },
  };
}
