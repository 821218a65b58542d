import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_BASE, type RouteDef, matchRoute } from '@shared/routes';

/**
 * API Gateway HTTP API (payload 2.0) events for calling a handler module directly in the test
 * worker, the same shape infra/local/gateway.ts builds from a real request. Used where a test has
 * to reach into the handler's process, e.g. to mock its DynamoDB client.
 */
export interface EventInput {
  method: string;
  /** The path below the base path, e.g. `/prompts/abc`; path parameters come from the route table. */
  path: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  sourceIp?: string;
}

export function apiEvent(input: EventInput): APIGatewayProxyEventV2 {
  const match = matchRoute(input.method, input.path);
  if (!match || 'allowed' in match) throw new Error(`No route for ${input.method} ${input.path}`);
  const route: RouteDef = match.route;
  const headers: Record<string, string> = { host: 'localhost', 'user-agent': 'vitest', ...lower(input.headers ?? {}) };
  let body = input.body;
  if (input.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(input.json);
  }
  if (input.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(input.form).toString();
  }
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const now = new Date();
  const routeKey = `${route.method} ${API_BASE}${route.path}`;
  const rawQueryString = new URLSearchParams(input.query ?? {}).toString();
  return {
    version: '2.0',
    routeKey,
    rawPath: `${API_BASE}${input.path}`,
    rawQueryString,
    headers,
    queryStringParameters: input.query && Object.keys(input.query).length ? { ...input.query } : undefined,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: `${API_BASE}${input.path}`, protocol: 'HTTP/1.1', sourceIp: input.sourceIp ?? '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body,
    isBase64Encoded: false,
  };
}

function lower(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

export function lambdaContext(timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:test',
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

export interface HandlerReply {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Invokes a handler module's export with an event and parses its structured result. */
export async function invoke(handler: Handler, input: EventInput): Promise<HandlerReply> {
  const result = (await handler(apiEvent(input), lambdaContext())) as APIGatewayProxyStructuredResultV2;
  let body: unknown = result.body;
  try {
    body = result.body ? JSON.parse(result.body) : undefined;
  } catch {}
  return { status: result.statusCode ?? 200, headers: (result.headers ?? {}) as Record<string, string>, body };
}
