import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { BadRequestError } from '../http/errors';

/**
 * Requests to URLs a user gave (a model connection's base_url, a webhook's url). Deployed, such a
 * URL must be https and may only reach public unicast addresses: never loopback (Lambda's own
 * runtime API listens there), private, CGNAT, unique-local, link-local (169.254.169.254, the
 * metadata address), unspecified, or any of those inside an IPv6 form. On one machine
 * (`OUTBOUND_ALLOW_LOOPBACK=1`, set by the local stack) http and loopback are allowed too, so the
 * product can be pointed at loopback fakes and a local model server.
 *
 * Checking the name once is not enough (DNS rebinding: the second answer may differ), so the
 * connection itself is made only to addresses checked at connect time: `outboundFetch` and
 * `outboundDispatcher()` (node's http and https agents) resolve through a lookup that refuses
 * forbidden addresses.
 */

/** A URL or an address the rules refuse: answers 400 with its detail. */
export class OutboundUrlError extends BadRequestError {}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** http and loopback addresses allowed (one machine only). */
  allowLoopback: boolean;
  /** Name resolution; the system resolver unless a test gives its own. */
  resolve?: Resolver;
}

const systemResolve: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })) as ResolvedAddress[];

/** The policy of this process: strict unless the local stack allowed loopback. */
export const defaultPolicy = (): OutboundPolicy => ({ allowLoopback: process.env.OUTBOUND_ALLOW_LOOPBACK === '1' });

/**
 * Why an address may not be reached, or null when it may. Only public unicast passes (plus
 * loopback on one machine); IPv4-mapped or -compatible IPv6 (`::ffff:10.0.0.1`) is judged as its IPv4 address.
 */
export function refusedAddress(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const ip = ipaddr.process(bare);
  const range = ip.range();
  if (range === 'loopback') return policy.allowLoopback ? null : 'a loopback address';
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `a reserved address (${range})`;
}

const RANGE_WORDS: Record<string, string> = {
  private: 'a private address',
  uniqueLocal: 'a private address',
  carrierGradeNat: 'a private (carrier-grade NAT) address',
  linkLocal: 'a link-local or metadata address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
};

/**
 * Checks a URL a user gives before it is stored: scheme, and every address its name resolves to
 * now. Returns the parsed URL; throws OutboundUrlError (400) naming `field`.
 */
export async function checkOutboundUrl(raw: string, field = 'url', policy: OutboundPolicy = defaultPolicy()): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError(`${field} must be an absolute URL.`);
  }
  const schemeProblem = refusedScheme(url.protocol, policy);
  if (schemeProblem) throw new OutboundUrlError(`${field} ${schemeProblem}`);
  await resolveChecked(url.hostname, policy, field);
  return url;
}

function refusedScheme(protocol: string, policy: OutboundPolicy): string | null {
  if (protocol === 'https:') return null;
  if (protocol === 'http:' && policy.allowLoopback) return null;
  return policy.allowLoopback ? 'must use http or https.' : 'must use https.';
}

/** The name's addresses, all of them allowed; a name with any forbidden address is refused. */
async function resolveChecked(hostname: string, policy: OutboundPolicy, field = 'url'): Promise<ResolvedAddress[]> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundUrlError(`${field}: the host ${host} could not be resolved.`);
    }
    if (!addresses.length) throw new OutboundUrlError(`${field}: the host ${host} could not be resolved.`);
  }
  for (const { address } of addresses) {
    const why = refusedAddress(address, policy);
    // The address itself is not echoed: it would tell a caller how internal names resolve.
    if (why) throw new OutboundUrlError(`${field} must not point to a loopback, private, link-local or metadata address (${host} is ${why}).`);
  }
  return addresses;
}

/** A `net` lookup that only ever hands checked addresses to the socket (the rebinding guard). */
function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then(
      (addresses) => {
        if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * The connections of outbound requests: node's own http and https agents (keep-alive, one pool
 * per process) whose sockets resolve names through the checked lookup. Node's http client, not
 * the undici package: the functions bundle nothing for it (undici's Agent alone is about 290 KB
 * minified, its fetch with it 540 KB, in every function that calls a provider).
 */
export interface OutboundDispatcher {
  policy: OutboundPolicy;
  http: HttpAgent;
  https: HttpsAgent;
}

export function createOutboundDispatcher(policy: OutboundPolicy = defaultPolicy()): OutboundDispatcher {
  const options = { keepAlive: true, lookup: checkedLookup(policy) };
  return { policy, http: new HttpAgent(options), https: new HttpsAgent(options) };
}

const MAX_REDIRECTS = 5;
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Why a hop may not be taken (the scheme, or an address given literally, which `net` never looks up), or null. */
function refusedHop(url: URL, policy: OutboundPolicy): OutboundUrlError | null {
  const schemeProblem = refusedScheme(url.protocol, policy);
  if (schemeProblem) return new OutboundUrlError(`The URL ${schemeProblem}`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const why = isIP(host) ? refusedAddress(host, policy) : null;
  return why ? new OutboundUrlError(`The URL must not point to a loopback, private, link-local or metadata address (it is ${why}).`) : null;
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/**
 * `fetch` over the dispatcher's agents, as the SDKs use it: any body fetch takes (normalised by
 * the platform's own Request), the response streamed and decompressed, an abort as an
 * `AbortError`, redirects followed (at most 5), each hop checked like the first. A refusal
 * rejects with the OutboundUrlError itself, before any socket.
 */
export function createOutboundFetch(dispatcher: OutboundDispatcher = createOutboundDispatcher()): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    let request = new Request(input, init?.body instanceof ReadableStream ? ({ ...init, duplex: 'half' } as RequestInit) : init);
    for (let hop = 0; ; hop++) {
      const response = await send(request, dispatcher);
      const location = response.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(response.status) || !location || request.redirect === 'manual') return response;
      if (request.redirect === 'error' || hop >= MAX_REDIRECTS)
        throw new TypeError(`fetch failed: ${hop >= MAX_REDIRECTS ? 'too many redirects' : 'redirected'}`);
      await response.body?.cancel();
      // 303, and 301/302 after a POST, go on as a GET without the body (as fetch does).
      const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST');
      const next = new URL(location, request.url);
      request = new Request(next, asGet ? { method: 'GET', headers: request.headers, signal: request.signal } : request);
    }
  }) as typeof fetch;
}

async function send(request: Request, { policy, http, https }: OutboundDispatcher): Promise<Response> {
  const url = new URL(request.url);
  const refused = refusedHop(url, policy);
  if (refused) throw refused;
  const { signal } = request;
  if (signal.aborted) throw abortError();
  const headers = Object.fromEntries(request.headers);
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  const body = request.body ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) : null;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: request.method,
      headers,
      agent: url.protocol === 'https:' ? https : http,
    });
    const onAbort = () => outgoing.destroy(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      // The checked lookup's refusal is the reason, not a failed connection.
      reject(error instanceof OutboundUrlError || error.name === 'AbortError' ? error : Object.assign(new TypeError('fetch failed'), { cause: error }));
    });
    outgoing.on('response', (incoming) => {
      incoming.on('end', () => signal.removeEventListener('abort', onAbort));
      const status = incoming.statusCode ?? 502;
      const responseHeaders = new Headers();
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
      const stream = NULL_BODY.has(status) || request.method === 'HEAD' ? null : decoded(incoming, responseHeaders.get('content-encoding'));
      const response = new Response(stream && (Readable.toWeb(stream) as ReadableStream), {
        status,
        statusText: incoming.statusMessage,
        headers: responseHeaders,
      });
      Object.defineProperty(response, 'url', { value: url.href });
      resolve(response);
    });
    if (body) body.pipe(outgoing);
    else outgoing.end();
  });
}

/** The body as fetch gives it: decompressed (the encodings fetch asks for). */
function decoded(incoming: IncomingMessage, encoding: string | null): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return incoming;
  incoming.on('error', (error) => decoder.destroy(error));
  return incoming.pipe(decoder);
}

let shared: { dispatcher: OutboundDispatcher; fetch: typeof fetch } | undefined;

/** This process's dispatcher (one connection pool). */
export function outboundDispatcher(): OutboundDispatcher {
  shared ??= ((dispatcher) => ({ dispatcher, fetch: createOutboundFetch(dispatcher) }))(createOutboundDispatcher());
  return shared.dispatcher;
}

/**
 * `fetch` for user-given URLs: pass it as `fetch` to the openai and @anthropic-ai/sdk clients, or
 * call it for a webhook POST. Refused addresses reject with OutboundUrlError before connecting.
 */
export const outboundFetch: typeof fetch = (input, init) => {
  outboundDispatcher();
  return shared!.fetch(input, init);
};
