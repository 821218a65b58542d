import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from 'undici';
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
 * `outboundDispatcher()` resolve through a lookup that refuses forbidden addresses.
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
 * An undici dispatcher whose every connection (redirects included) is checked: the scheme, an
 * address given literally (which `net` never looks up), and each resolved address.
 */
export function createOutboundDispatcher(policy: OutboundPolicy = defaultPolicy()): Dispatcher {
  const connectTo = buildConnector({ lookup: checkedLookup(policy), timeout: 10_000 });
  return new Agent({
    connect(options, callback) {
      const schemeProblem = refusedScheme(options.protocol, policy);
      if (schemeProblem) return callback(new OutboundUrlError(`The URL ${schemeProblem}`), null);
      const host = options.hostname.startsWith('[') ? options.hostname.slice(1, -1) : options.hostname;
      const why = isIP(host) ? refusedAddress(host, policy) : null;
      if (why) return callback(new OutboundUrlError(`The URL must not point to a loopback, private, link-local or metadata address (it is ${why}).`), null);
      connectTo(options, callback);
    },
  });
}

/** `fetch` with the given policy's dispatcher; a refusal surfaces as the OutboundUrlError itself. */
export function createOutboundFetch(dispatcher: Dispatcher = createOutboundDispatcher()): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    try {
      return await undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as object), dispatcher });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      throw cause instanceof OutboundUrlError ? cause : error;
    }
  }) as unknown as typeof fetch;
}

let shared: { dispatcher: Dispatcher; fetch: typeof fetch } | undefined;

/** This process's dispatcher (one connection pool), for clients that take one. */
export function outboundDispatcher(): Dispatcher {
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
