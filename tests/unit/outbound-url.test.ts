import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  createOutboundDispatcher,
  createOutboundFetch,
  type OutboundPolicy,
  OutboundUrlError,
  type Resolver,
  refusedAddress,
} from '../../functions/lib/services/outbound-url';
import { startFakeOpenAi } from '../support/fake-openai';

const deployed: OutboundPolicy = { allowLoopback: false };
const local: OutboundPolicy = { allowLoopback: true };
/** A resolver that answers from a table, as a DNS server would (no network in tests). */
const names =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(promise: Promise<unknown>): Promise<OutboundUrlError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundUrlError);
  expect((error as OutboundUrlError).statusCode).toBe(400);
  return error as OutboundUrlError;
}

describe('address classes', () => {
  const refused: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['::1', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.127.255.255', /carrier-grade NAT/],
    ['fc00::1', /private/],
    ['fd12:3456::1', /private/],
    ['169.254.169.254', /metadata/],
    ['169.254.0.1', /link-local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['::', /unspecified/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:169.254.169.254', /metadata/],
    ['::ffff:100.64.1.1', /carrier-grade NAT/],
    ['::127.0.0.1', /loopback/], // IPv4-compatible (deprecated)
    ['64:ff9b::a00:1', /reserved/], // NAT64 of 10.0.0.1
    ['2002:a00:1::1', /reserved/], // 6to4 of 10.0.0.1
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/],
    ['192.0.2.10', /reserved/],
    ['[::1]', /loopback/],
  ];
  it.each(refused)('refuses %s when deployed', (address, why) => {
    expect(refusedAddress(address, deployed)).toMatch(why);
  });

  const allowed = ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '172.15.255.255', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
  it.each(allowed)('allows the public address %s', (address) => {
    expect(refusedAddress(address, deployed)).toBeNull();
  });

  it('allows loopback on one machine, and nothing else that is refused when deployed', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(refusedAddress(address, local)).toBeNull();
    for (const [address] of refused.filter(([, why]) => !/loopback/.test(String(why)))) expect(refusedAddress(address, local), address).not.toBeNull();
  });

  it('says what is not an address', () => {
    expect(refusedAddress('example.com', deployed)).toBe('not an IP address');
  });
});

describe('checkOutboundUrl', () => {
  const resolve = names({
    'api.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'internal.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.215.14', '192.168.0.10'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    localhost: ['127.0.0.1', '::1'],
  });
  const strict = { ...deployed, resolve };

  it('accepts an https URL whose name resolves to public addresses only', async () => {
    const url = await checkOutboundUrl('https://api.example.com/v1', 'base_url', strict);
    expect(url.href).toBe('https://api.example.com/v1');
  });

  it('refuses http when deployed, with a detail naming the field', async () => {
    const error = await refusal(checkOutboundUrl('http://api.example.com/v1', 'base_url', strict));
    expect(error.detail).toBe('base_url must use https.');
    await refusal(checkOutboundUrl('ftp://api.example.com/', 'url', strict));
  });

  it('refuses a name that resolves to a private address', async () => {
    const error = await refusal(checkOutboundUrl('https://internal.example.com/hook', 'url', strict));
    expect(error.detail).toBe('url must not point to a loopback, private, link-local or metadata address (internal.example.com is a private address).');
    // The resolved address is not told back.
    expect(error.detail).not.toContain('10.0.0.5');
  });

  it('refuses a name when any of its addresses is forbidden, and metadata or mapped loopback names', async () => {
    await refusal(checkOutboundUrl('https://mixed.example.com/', 'url', strict));
    expect((await refusal(checkOutboundUrl('https://metadata.example.com/', 'url', strict))).detail).toMatch(/metadata/);
    expect((await refusal(checkOutboundUrl('https://mapped.example.com/', 'url', strict))).detail).toMatch(/loopback/);
    await refusal(checkOutboundUrl('https://localhost/', 'url', strict));
  });

  it('refuses address literals in every spelling the URL parser accepts', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://169.254.169.254/latest',
    ])
      await refusal(checkOutboundUrl(url, 'url', strict));
  });

  it('refuses what is not a URL, and a name that does not resolve', async () => {
    expect((await refusal(checkOutboundUrl('not a url', 'base_url', strict))).detail).toBe('base_url must be an absolute URL.');
    expect((await refusal(checkOutboundUrl('https://nowhere.example.com/', 'base_url', strict))).detail).toMatch(/could not be resolved/);
  });

  it('on one machine allows http and loopback, still not private addresses', async () => {
    const relaxed = { ...local, resolve };
    expect((await checkOutboundUrl('http://localhost:11434/v1', 'base_url', relaxed)).port).toBe('11434');
    await checkOutboundUrl('http://127.0.0.1:8080/', 'base_url', relaxed);
    await refusal(checkOutboundUrl('http://internal.example.com/', 'base_url', relaxed));
  });
});

describe('outbound fetch: the connection goes only to checked addresses', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      hits++;
      if (req.url === '/redirect-private') {
        res.writeHead(302, { location: 'http://10.0.0.1:8080/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, method: req.method }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts to a loopback receiver on one machine, by name and by address', async () => {
    const fetch = createOutboundFetch(createOutboundDispatcher({ ...local, resolve: names({ localhost: ['127.0.0.1'] }) }));
    const byName = await fetch(`http://localhost:${port}/hook`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await byName.json()).toEqual({ ok: true, method: 'POST' });
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it('refuses a loopback address when deployed, before connecting', async () => {
    const before = hits;
    const fetch = createOutboundFetch(createOutboundDispatcher({ ...deployed, resolve: names({ 'hook.example.com': ['127.0.0.1'] }) }));
    await refusal(fetch(`http://127.0.0.1:${port}/`));
    await refusal(fetch(`https://127.0.0.1:${port}/`));
    await refusal(fetch(`https://hook.example.com:${port}/`));
    expect(hits).toBe(before);
  });

  it('defeats DNS rebinding: a name checked as public that then resolves to loopback is not connected to', async () => {
    // A TCP listener counts connections: none may arrive, whatever the protocol.
    let connections = 0;
    const tcp = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    const tcpPort = (tcp.address() as { port: number }).port;
    let answers = 0;
    const rebinding: Resolver = async () => [{ address: answers++ === 0 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    const policy = { ...deployed, resolve: rebinding };
    const url = `https://rebind.example.com:${tcpPort}/hook`;
    await checkOutboundUrl(url, 'url', policy);
    await refusal(createOutboundFetch(createOutboundDispatcher(policy))(url, { method: 'POST', body: '{}' }));
    expect(answers).toBe(2);
    expect(connections).toBe(0);
    await new Promise<void>((r) => tcp.close(() => r()));
  });

  it('checks every redirect hop: a redirect to a private address is refused', async () => {
    const fetch = createOutboundFetch(createOutboundDispatcher(local));
    const error = await refusal(fetch(`http://127.0.0.1:${port}/redirect-private`));
    expect(error.detail).toMatch(/private address/);
  });

  it('carries the openai SDK to a loopback fake of its API as its custom fetch', async () => {
    const fake = await startFakeOpenAi();
    try {
      const client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, fetch: createOutboundFetch(createOutboundDispatcher(local)), maxRetries: 0 });
      const answer = await client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }] });
      expect(answer.choices[0]?.message.content).toBeTruthy();
      expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-test');
      const deployedClient = new OpenAI({
        apiKey: 'sk-test',
        baseURL: fake.url,
        fetch: createOutboundFetch(createOutboundDispatcher(deployed)),
        maxRetries: 0,
      });
      const count = fake.requests.length;
      const failure = await deployedClient.chat.completions
        .create({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      // The SDK wraps fetch failures in its connection error, whose cause is the refusal.
      expect((failure as { cause?: unknown }).cause).toBeInstanceOf(OutboundUrlError);
      expect(fake.requests.length).toBe(count);
    } finally {
      await fake.close();
    }
  });
});
