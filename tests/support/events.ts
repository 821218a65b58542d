import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute } from '@shared/routes';
import { lambdaContext as buildContext, lambdaEvent } from '../../infra/local/lambda-event';

/**
 * API Gateway HTTP API (payload 2.0) events for calling a handler module directly in the test
 * worker, built by the same code as infra/local/gateway.ts's events (infra/local/lambda-event.ts). Used where a test has
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
  return lambdaEvent({
    route: match.route,
    path: input.path,
    pathParameters: match.pathParameters,
    headers,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    body,
    sourceIp: input.sourceIp,
  });
}

function lower(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

export function lambdaContext(timeoutMs = 30_000): Context {
  return buildContext({ functionName: 'test', timeoutMs });
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
