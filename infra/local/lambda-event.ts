import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { API_BASE, type RouteDef } from '@shared/routes';

/**
 * The one builder of API Gateway HTTP API (payload 2.0) events and Lambda contexts outside AWS:
 * the local gateway builds them from real requests, tests and the bench build them to call a
 * handler module directly. What AWS would put in an event is decided here once.
 */
export interface EventInput {
  /** HEAD only for page routes, which answer it like GET (shared/routes.ts). */
  route: { method: RouteDef['method'] | 'HEAD'; path: string };
  /** The concrete path below the base path, e.g. `/prompts/abc`. */
  path: string;
  /** API_BASE for API routes; '' for page routes, which live at the site root. */
  basePath?: string;
  pathParameters?: Record<string, string>;
  /** Lower-cased header names. */
  headers?: Record<string, string>;
  /** The raw query string without `?`; parameters repeated in it are joined by commas, as API Gateway does. */
  rawQueryString?: string;
  body?: string;
  isBase64Encoded?: boolean;
  cookies?: string[];
  sourceIp?: string;
  protocol?: string;
  requestId?: string;
}

export function lambdaEvent(input: EventInput): APIGatewayProxyEventV2 {
  const headers = input.headers ?? {};
  const rawQueryString = input.rawQueryString ?? '';
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQueryString)) query[k] = k in query ? `${query[k]},${v}` : v;
  const pathParameters = input.pathParameters ?? {};
  const base = input.basePath ?? API_BASE;
  const rawPath = `${base}${input.path}`;
  const routeKey = `${input.route.method} ${base}${input.route.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(input.cookies?.length ? { cookies: input.cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.route.method,
        path: rawPath,
        protocol: input.protocol ?? 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId ?? randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: input.body,
    isBase64Encoded: input.isBase64Encoded ?? false,
  };
}

export interface ContextInput {
  functionName: string;
  memoryMb?: number;
  /** Time until the simulated deadline (`getRemainingTimeInMillis`). */
  timeoutMs: number;
  requestId?: string;
}

export function lambdaContext({ functionName, memoryMb = 256, timeoutMs, requestId = randomUUID() }: ContextInput): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: functionName,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
