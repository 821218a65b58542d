import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { CONTENT_SHA256_HEADER, FORWARDED_AUTHORIZATION_HEADER, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/edge';
import { prerenderedFile } from '@shared/prerendered-pages';
import { API_BASE, matchPage, matchRoute, type PageRouteDef, type RouteDef } from '@shared/routes';
import { SECURITY_HEADERS } from '../security-headers';
import { type EventInput, lambdaContext, lambdaEvent } from './lambda-event';
import { installLambdaRuntime, isStreamingHandler, LocalResponseStream, type StreamingHandler } from './lambda-runtime';

// Before any handler module loads: streaming handlers are wrapped with the runtime's global at import.
installLambdaRuntime();

/**
 * The local stand-in for API Gateway + CloudFront: turns HTTP requests into API Gateway HTTP API
 * (payload 2.0) events for the same handler modules the stack deploys, and serves the built SPA
 * with history fallback and the same security headers. Page routes (`/s/{token}`) go to their
 * function ahead of the static files, as CloudFront's behaviours send them in AWS. Streaming routes (a Lambda function URL
 * with response streaming in AWS, same event format) get a response stream that writes through
 * to the client chunk by chunk.
 */
type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  /** The built SPA (web/dist); omit to serve the API only. */
  webRoot?: string;
  /** In dev mode non-API requests go to Vite's middleware instead of webRoot. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Extra local-only pages (e.g. the test checkout); answers true when it served the request. */
  localPages?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  /** Loads a handler module by its route-table name. */
  loadHandler?: (name: string) => Promise<LambdaHandler>;
  /**
   * The one origin the site is used at (`http://localhost:3000`; known once listening). A page
   * asked for at another loopback name for the same port is redirected there, so a session,
   * emailed links and checkout returns all stay on one origin. The API is never redirected.
   */
  siteOrigin?: () => string | undefined;
  /** Told of each answered request (`npm start` prints a short line for failures). */
  onResponse?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
export const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../functions');

const defaultLoader = async (name: string) => (await import(join(FUNCTIONS_DIR, `${name}.ts`))).handler as LambdaHandler;

export function createGateway(options: GatewayOptions = {}): Server {
  const load = options.loadHandler ?? defaultLoader;
  // Page functions render into the built SPA's index.html (in AWS the stack hands it to them).
  if (options.webRoot) process.env.SPA_SHELL_FILE = join(resolve(options.webRoot), 'index.html');
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const handlerFor = (name: string) => {
    if (!handlers.has(name)) handlers.set(name, load(name));
    return handlers.get(name)!;
  };

  return createServer(async (req, res) => {
    if (options.onResponse) {
      const started = performance.now();
      const path = (req.url ?? '/').split('?')[0]!;
      res.once('close', () => options.onResponse!({ method: req.method ?? 'GET', path, status: res.statusCode, ms: Math.round(performance.now() - started) }));
    }
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const page = matchPage(req.method ?? 'GET', url.pathname);
      const isApi = url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`);
      const elsewhere = !isApi && otherLoopbackName(req, options.siteOrigin?.());
      if (elsewhere) {
        res.writeHead(308, { location: `${elsewhere}${url.pathname}${url.search}`, 'cache-control': 'no-store', ...SECURITY_HEADERS });
        res.end();
      } else if (isApi) {
        await serveApi(req, res, url, handlerFor);
      } else if (page) {
        await servePage(req, res, url, page.route, page.pathParameters, handlerFor);
      } else if (options.localPages && (await options.localPages(req, res, url))) {
        // served
      } else if (options.devMiddleware) {
        options.devMiddleware(req, res, () => sendJson(res, 404, { detail: 'Not found.' }));
      } else {
        serveStatic(req, res, url, options.webRoot);
      }
    } catch (error) {
      console.error('gateway error:', (error as Error).message);
      if (!res.headersSent) sendJson(res, 500, { detail: 'Internal server error.' });
      else res.destroy();
    }
  });
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's origin when a page request names this server by another loopback name on the same
 * port (127.0.0.1 for localhost); otherwise undefined. Other host names (a forwarded port, a
 * tunnel) are left alone: redirecting them to loopback would strand their visitor.
 */
function otherLoopbackName(req: IncomingMessage, siteOrigin: string | undefined): string | undefined {
  if (!siteOrigin || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
  let asked: URL;
  try {
    asked = new URL(`http://${req.headers.host ?? ''}`);
  } catch {
    return undefined;
  }
  const site = new URL(siteOrigin);
  const samePort = (asked.port || '80') === (site.port || '80');
  return samePort && asked.hostname !== site.hostname && LOOPBACK_NAMES.has(asked.hostname) && LOOPBACK_NAMES.has(site.hostname) ? site.origin : undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The whole body, or null past API Gateway's limit. Past the limit the rest is still read and
 * dropped: leaving the loop would destroy the socket with unread data, which the client sees as a
 * connection reset instead of the 413.
 */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  // No length and no chunked encoding: HTTP/1.1 says there is no body (RFC 9112 6.3), so no stream to drain.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
  }
  return size > MAX_PAYLOAD_BYTES ? null : Buffer.concat(chunks);
}

/**
 * Headers only CloudFront may set (the viewer's address, the origin secret, the run route's moved
 * token): locally there is no CloudFront in front, so a client sending them is dropped.
 */
const EDGE_HEADERS = new Set([VIEWER_ADDRESS_HEADER, ORIGIN_SECRET_HEADER, FORWARDED_AUTHORIZATION_HEADER]);

const EMPTY = Buffer.alloc(0);

const TEXTUAL = /^(application\/(json|x-www-form-urlencoded|.*\+json)|text\/)/;

async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL, handlerFor: (n: string) => Promise<LambdaHandler>) {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice(API_BASE.length);
  const match = matchRoute(method, path);
  if (!match) return sendJson(res, 404, { detail: 'Not found.' });
  if ('allowed' in match) {
    return sendJson(res, 405, { detail: `Method ${method} is not allowed here.` }, { allow: match.allowed.join(', ') });
  }
  const raw = await readBody(req);
  if (raw === null) return sendJson(res, 413, { detail: 'Request body is too large.' });

  // The run function URL is behind CloudFront's origin access control in AWS: Lambda refuses a
  // body whose SHA-256 the viewer did not send, and a CloudFront Function moves the bearer token
  // out of Authorization, where the signature goes (infra/constructs/web.ts). The same here.
  const signed = Boolean(match.route.streaming);
  if (signed && (method === 'POST' || method === 'PUT') && req.headers[CONTENT_SHA256_HEADER] !== createHash('sha256').update(raw).digest('hex')) {
    return sendJson(res, 403, { detail: `Forbidden: send the SHA-256 (hex) of the body in ${CONTENT_SHA256_HEADER}.` });
  }
  const event = toEvent(req, url, match.route, match.pathParameters, raw);
  if (signed) {
    if (event.headers.authorization) event.headers[FORWARDED_AUTHORIZATION_HEADER] = event.headers.authorization;
    event.headers.authorization = 'AWS4-HMAC-SHA256 Credential=LOCAL/20260101/us-east-1/lambda/aws4_request, SignedHeaders=host, Signature=local';
  }
  const handler = await handlerFor(match.route.handler);
  const context = contextFor(match.route, event.requestContext.requestId);
  if (isStreamingHandler(handler)) return serveStreaming(res, handler, event, context);
  const result = await handler(event, context);
  writeResult(res, result);
}

/** A page route: its function's HTML with the site's security headers (CloudFront adds them in AWS). */
async function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: PageRouteDef,
  pathParameters: Record<string, string>,
  handlerFor: (n: string) => Promise<LambdaHandler>,
) {
  // The event names the method asked for: a HEAD reaches the function as HEAD, as in AWS.
  const method = req.method === 'HEAD' ? 'HEAD' : route.method;
  const event = toEvent(req, url, { path: route.path, method }, pathParameters, EMPTY, '');
  const handler = await handlerFor(route.handler);
  const result = await handler(event, contextFor({ ...route, access: 'public' }, event.requestContext.requestId));
  if (typeof result === 'object' && result !== null && 'statusCode' in result) result.headers = { ...result.headers, ...SECURITY_HEADERS };
  writeResult(res, result);
}

/** A response-streaming handler writes to the client as it goes; a client that leaves stops it. */
async function serveStreaming(res: ServerResponse, handler: StreamingHandler, event: APIGatewayProxyEventV2, context: Context) {
  const stream = new LocalResponseStream(res);
  try {
    await handler(event, stream, context);
  } catch (error) {
    if (res.destroyed && !res.writableFinished) return; // the client went away: expected
    throw error;
  }
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: EventInput['route'],
  pathParameters: Record<string, string>,
  raw: Buffer,
  basePath = API_BASE,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie' && !EDGE_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const textual = TEXTUAL.test(headers['content-type'] ?? '');
  return lambdaEvent({
    route,
    basePath,
    path: url.pathname.slice(basePath.length),
    pathParameters,
    headers,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(/;\s*/),
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    protocol: `HTTP/${req.httpVersion}`,
    body: raw.length ? (textual ? raw.toString('utf8') : raw.toString('base64')) : undefined,
    isBase64Encoded: raw.length > 0 && !textual,
  });
}

function contextFor(route: RouteDef, requestId: string): Context {
  // Locally every "function" shares this machine's two cores (twenty concurrent sign-ups queue
  // behind scrypt), so the deadline is looser than the deployed time-out.
  return lambdaContext({
    functionName: `local-${route.handler}`,
    memoryMb: route.memoryMb,
    timeoutMs: Math.max(route.timeoutSeconds ?? 10, 60) * 1000,
    requestId,
  });
}

/** API Gateway's rules: a structured result is used as is; anything else becomes a 200 JSON body. */
function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2) {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return sendJson(res, 200, result);
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'));
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Static SPA: real files when they exist, a public page's prerendered HTML for its path (as the
 * CloudFront Function does, docs/architecture.md), index.html for other client routes (history fallback).
 */
function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webRoot: string | undefined) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS });
    return res.end();
  }
  if (!webRoot) {
    res.writeHead(404, SECURITY_HEADERS);
    return res.end('Not found');
  }
  const root = resolve(webRoot);
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    return res.end('Bad request');
  }
  let file = resolve(root, `.${decoded}`);
  // Contained only if the path from the root does not climb out of it (a prefix test would let
  // `/..%2fdist-x/…` read a sibling folder whose name starts with the root's).
  const inside = relative(root, file);
  if (inside.startsWith('..') || isAbsolute(inside) || decoded.includes('\0')) file = root;
  const isFile = existsSync(file) && statSync(file).isFile();
  const isAsset = url.pathname.startsWith('/assets/');
  if (!isFile && (isAsset || extname(url.pathname))) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    return res.end('Not found');
  }
  const prerendered = prerenderedFile(decoded);
  const prerenderedTarget = prerendered && join(root, prerendered);
  const target = isFile ? file : prerenderedTarget && existsSync(prerenderedTarget) ? prerenderedTarget : join(root, 'index.html');
  res.writeHead(200, {
    'content-type': MIME[extname(target)] ?? 'application/octet-stream',
    // Hashed assets never change; index.html must be revalidated so new deploys are seen.
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(target).pipe(res);
}
