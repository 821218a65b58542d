import type { Readable } from 'node:stream';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { API_BASE, type AccessOf, type RouteDef, type RouteKey, ROUTES, routeKey } from '@shared/routes';
import { config } from './config';
import { cancellationCodes } from './db';
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
import { type TokenClaims, verifyAccessToken } from './tokens';
import { type UserRecord, getUserForToken } from './users';
import { parseWith } from './validation';

/**
 * Every handler is one middy chain with the same conventions (DESIGN.md section 3):
 * normalise headers → size guard → parse body (middy's parsers) → authenticate → zod-validate →
 * handler; a response middleware first in the chain adds headers and maps every error to
 * `{"detail": ...}`, with unknown errors becoming a bare 500.
 *
 * Access comes from the route table entry for `route`, so the table stays the one source.
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

export interface ApiRequest<Body, U> {
  event: APIGatewayProxyEventV2;
  context: Context;
  body: Body;
  user: U;
  /** The verified bearer token (signed-in routes). */
  session: U extends null ? null : TokenClaims;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
}

interface Options<S extends z.ZodMiniType | undefined> {
  /** The request body's contract; omit for routes without a body. */
  body?: S;
  /** How the body is encoded on the wire (the spec's login is form-encoded). */
  encoding?: 'json' | 'form';
  /** A larger body limit than config.maxBodyBytes for this route (imports); Lambda takes at most 6 MB. */
  maxBodyBytes?: number;
}

type BodyOf<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
/** Signed-in routes always have the current user; public ones never do. */
type UserOf<K extends RouteKey> = AccessOf<K> extends 'user' | 'admin' ? UserRecord : null;

type Event = APIGatewayProxyEventV2 & { user?: UserRecord | null; session?: TokenClaims };

export function api<K extends RouteKey, S extends z.ZodMiniType | undefined = undefined>(
  route: K,
  options: Options<S>,
  fn: (request: ApiRequest<BodyOf<S>, UserOf<K>>) => Promise<ResultOf<K>>,
) {
  const entry = routeEntry(route);
  const chain = middy<Event, Result>(entry.streaming ? streamingRuntime() : {}).use(respond()).use(httpHeaderNormalizer());
  // A function URL (how AWS serves a streaming route) hands every method and path to the function.
  if (entry.streaming) chain.use(directGuard(entry));
  chain.use(bodyGuard(options));
  if (options.body) {
    chain.use(options.encoding === 'form' ? httpUrlencodeBodyParser() : httpJsonBodyParser());
  }
  chain.use(authenticate(entry.access)).use(pathGuard());
  return chain.handler(async (event, context) => {
    const body = options.body ? parseWith(options.body, event.body) : undefined;
    // middy's types know buffered results only; a StreamedResult is piped by streamifyResponse.
    return (await fn({
      event,
      context,
      body: body as BodyOf<S>,
      user: (event.user ?? null) as UserOf<K>,
      session: (event.session ?? null) as ApiRequest<BodyOf<S>, UserOf<K>>['session'],
      params: event.pathParameters ?? {},
      query: event.queryStringParameters ?? {},
    })) as Result;
  });
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

function respond(): middy.MiddlewareObj<Event, Result> {
  const withHeaders = (result: Result): Result => {
    const headers = { ...API_HEADERS, ...(result.headers ?? {}) };
    if (result.body === undefined) delete headers['content-type'];
    return { ...result, headers };
  };
  return {
    after: (request) => {
      request.response = withHeaders(request.response ?? { statusCode: 204 });
    },
    onError: (request) => {
      const error = toHttpError(request.error);
      if (!error) {
        logUnexpected(request.error, request.context);
        request.response = withHeaders(json(500, { detail: 'Internal server error.' }));
        return;
      }
      request.response = withHeaders({ ...json(error.statusCode, error.toJSON()), headers: error.headers });
    },
  };
}

const BUSY = 'The service is busy. Please try again in a moment.';
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
  if (['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError', 'ServiceUnavailable'].includes(error.name)) {
    return new ServiceUnavailableError(BUSY);
  }
  // A transaction a handler did not interpret (transact() maps the conditions it expects).
  const codes = cancellationCodes(error);
  if (codes) {
    if (codes.some((c) => ['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded'].includes(c))) return new ServiceUnavailableError(BUSY);
    if (codes.includes('TransactionConflict')) return new ConflictError(CONCURRENT);
    if (codes.includes('ConditionalCheckFailed')) return new ConflictError(CHANGED);
    return null;
  }
  // A single write that collided with a transaction, or a guard a handler did not expect to fail.
  if (['TransactionConflictException', 'TransactionInProgressException'].includes(error.name)) return new ConflictError(CONCURRENT);
  if (error.name === 'ConditionalCheckFailedException') return new ConflictError(CHANGED);
  return null;
}

function logUnexpected(error: unknown, context: Context) {
  const e = error instanceof Error ? error : new Error(String(error));
  // Name, message and stack only: never the event (it holds tokens and passwords).
  console.error(JSON.stringify({ level: 'ERROR', requestId: context?.awsRequestId, error: e.name, message: e.message, stack: e.stack }));
}

function bodyGuard(options: Options<z.ZodMiniType | undefined>): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (!options.body) return;
      const raw = event.body ?? '';
      const bytes = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      const limit = options.maxBodyBytes ?? config.maxBodyBytes;
      if (bytes > limit) {
        throw new PayloadTooLargeError(`Request body is too large (limit ${limit / 1024} KB).`);
      }
      if (!raw) throw new BadRequestError('Request body is required.');
    },
  };
}

/** Longest path parameter a route looks up: ids longer than this name nothing (and DynamoDB keys are capped at 1 KB). */
const MAX_PATH_PARAMETER_BYTES = 512;

function pathGuard(): middy.MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      for (const value of Object.values(event.pathParameters ?? {})) {
        if (value !== undefined && Buffer.byteLength(value) > MAX_PATH_PARAMETER_BYTES) throw new NotFoundError('Not found.');
      }
    },
  };
}

function authenticate(access: RouteDef['access']): middy.MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      if (access === 'public' || access === 'stripe') return;
      const header = event.headers?.authorization ?? '';
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new UnauthorizedError('Not authenticated.');
      const claims = await verifyAccessToken(token);
      const { user, revoked } = await getUserForToken(claims.userId, claims.tokenId);
      // A deleted account's tokens stop working on the next request; so does a logged-out token.
      if (!user) throw new UnauthorizedError('Your account no longer exists.');
      if (revoked) throw new UnauthorizedError('Your session has ended. Please log in again.');
      if (access === 'admin' && !user.is_admin) throw new ForbiddenError('Administrator access is required.');
      event.user = user;
      event.session = claims;
    },
  };
}
