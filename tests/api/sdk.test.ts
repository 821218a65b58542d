import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { Construct, ConstructError, type ConstructOptions, type Prompt } from '../../sdk/src/index';
import { call, signUp } from '../support/api';

/** The SDK (sdk/) against the local stack, with an API key made through POST /api-keys. */

type User = Awaited<ReturnType<typeof signUp>>;
// The gateway listens on 127.0.0.1; `localhost` could resolve to ::1.
const site = () => inject('baseUrl').replace('//localhost:', '//127.0.0.1:');
const create = async (user: User, title: string, body: string) =>
  (await call('POST', '/prompts/', { token: user.token, json: { title, body } })).body as { id: string; slug: string };
const save = (user: User, id: string, title: string, body: string) => call('PUT', `/prompts/${id}`, { token: user.token, json: { title, body } });
const newKey = async (user: User) =>
  (await call('POST', '/api-keys', { token: user.token, json: { name: 'sdk', password: user.password } })).body as { id: string; key: string };

/** A user with an API key and one prompt (v1 labelled production, v2 the latest). */
async function workspace() {
  const user = await signUp();
  const { id: keyId, key } = await newKey(user);
  const prompt = await create(user, 'Cold email', 'v1: write to [INPUT: name].');
  await save(user, prompt.id, 'Cold email', 'v2: write to [INPUT: name] in a [INPUT: tone=friendly|formal] tone.');
  expect((await call('PUT', `/prompts/${prompt.id}/labels/production`, { token: user.token, json: { version: 1 } })).status).toBe(200);
  return { user, key, keyId, prompt };
}

/** A client whose requests are counted and whose clock the test moves. */
function client(options: Partial<ConstructOptions> & { apiKey: string }) {
  const clock = { now: 1_000_000 };
  const counter = { requests: 0 };
  const construct = new Construct({
    baseUrl: site(),
    now: () => clock.now,
    fetch: (input, init) => {
      counter.requests++;
      return fetch(input, init);
    },
    ...options,
  });
  return { construct, clock, counter };
}

/** A TCP relay to the stack on a port of its own: closing it makes the API unreachable for whoever used it. */
async function relay() {
  const target = new URL(site());
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(Number(target.port), target.hostname);
    for (const s of [incoming, outgoing]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening. */
async function closedPort() {
  const r = await relay();
  await r.close();
  return r.url;
}

async function rejection(promise: Promise<unknown>): Promise<ConstructError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConstructError);
  return error as ConstructError;
}

describe('SDK against the local stack', () => {
  it('gets a prompt by slug, label and version, compiles it, and lists', async () => {
    const { key } = await workspace();
    const { construct } = client({ apiKey: key });

    const latest: Prompt = await construct.prompts.get('cold-email');
    expect(latest).toEqual({
      slug: 'cold-email',
      title: 'Cold email',
      version: 2,
      labels: [],
      kind: 'text',
      body: 'v2: write to [INPUT: name] in a [INPUT: tone=friendly|formal] tone.',
      config: {},
      variables: [
        { type: 'INPUT', key: 'name' },
        { type: 'INPUT', key: 'tone', default: 'friendly', choices: ['friendly', 'formal'] },
      ],
      tasks: [],
      industries: [],
      updated_at: expect.any(String),
    });
    expect(await construct.prompts.get('cold-email', { label: 'production' })).toMatchObject({
      version: 1,
      labels: ['production'],
      body: 'v1: write to [INPUT: name].',
    });
    expect(await construct.prompts.get('cold-email', { version: 1 })).toMatchObject({ version: 1, body: 'v1: write to [INPUT: name].' });

    expect(await construct.prompts.compile('cold-email', { name: 'Ada' })).toBe('v2: write to Ada in a friendly tone.');
    expect(await construct.prompts.compile('cold-email', { name: 'Ada' }, { label: 'production' })).toBe('v1: write to Ada.');
    expect(await construct.prompts.compile('cold-email', { name: 'Ada', tone: 'formal' }, { version: 2, directives: false })).toBe(
      'v2: write to Ada in a formal tone.',
    );

    expect(await construct.prompts.list()).toEqual([expect.objectContaining({ slug: 'cold-email', version: 2, labels: { production: 1 } })]);
    // The site with or without its /api/v1, with a trailing slash.
    expect((await new Construct({ apiKey: key, baseUrl: `${site()}/api/v1/` }).prompts.get('cold-email')).version).toBe(2);
  });

  it('reports API errors as ConstructError with status and detail', async () => {
    const { key } = await workspace();
    const { construct } = client({ apiKey: key });

    const missing = await rejection(construct.prompts.get('no-such-prompt'));
    expect(missing.status).toBe(404);
    expect(missing.detail).toEqual(expect.any(String));
    expect(missing.unreachable).toBe(false);
    expect((await rejection(construct.prompts.get('cold-email', { label: 'nope' }))).status).toBe(404);

    const unfilled = await rejection(construct.prompts.compile('cold-email', {}));
    expect(unfilled.status).toBe(400);
    expect(unfilled.detail).toBe("Missing value for INPUT variable 'name' (no default).");
    expect(unfilled.message).toBe("400: Missing value for INPUT variable 'name' (no default).");
    expect((await rejection(construct.prompts.compile('cold-email', { name: 'A', tone: 'loud' }))).detail).toBe(
      "Variable 'tone' must be one of: friendly, formal.",
    );

    const wrongKey = await rejection(new Construct({ apiKey: 'cst_not-a-real-key', baseUrl: site() }).prompts.list());
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.detail).toBe('This API key is not valid or has been revoked.');
    // Another user's slug is not found.
    const other = await workspace();
    await call('PUT', `/prompts/${other.prompt.id}`, { token: other.user.token, json: { title: 'Cold email', body: 'b', slug: 'theirs-only' } });
    expect((await rejection(construct.prompts.get('theirs-only'))).status).toBe(404);

    expect(() => new Construct({ apiKey: '', baseUrl: site() })).toThrow(/apiKey/);
  });

  it('answers from its cache while fresh, then stale at once while one refresh runs in the background', async () => {
    const { user, key, prompt } = await workspace();
    const { construct, clock, counter } = client({ apiKey: key });

    // Callers asking at once share one request.
    const [a, b] = await Promise.all([construct.prompts.get('cold-email'), construct.prompts.get('cold-email')]);
    expect(a).toBe(b);
    expect(counter.requests).toBe(1);
    // Compile results are cached by their variables, in any order.
    await construct.prompts.compile('cold-email', { name: 'Ada', tone: 'formal' });
    await construct.prompts.compile('cold-email', { tone: 'formal', name: 'Ada' });
    expect(counter.requests).toBe(2);
    expect(Object.isFrozen(a)).toBe(true);

    await save(user, prompt.id, 'Cold email', 'v3: hello [INPUT: name].');
    clock.now += 59_000;
    expect((await construct.prompts.get('cold-email')).version).toBe(2);
    expect(counter.requests).toBe(2);

    // Past the TTL: the stale copy answers at once, and one refresh starts.
    clock.now += 2_000;
    expect((await construct.prompts.get('cold-email')).version).toBe(2);
    expect((await construct.prompts.get('cold-email')).version).toBe(2);
    expect(await construct.prompts.compile('cold-email', { name: 'Ada', tone: 'formal' })).toBe('v2: write to Ada in a formal tone.');
    // One refresh each for get and compile, started on the next turn.
    await construct.settle();
    expect(counter.requests).toBe(4);
    expect((await construct.prompts.get('cold-email')).version).toBe(3);
    expect(await construct.prompts.compile('cold-email', { tone: 'formal', name: 'Ada' })).toBe('v3: hello Ada.');
    expect(counter.requests).toBe(4);

    construct.clearCache();
    await construct.prompts.get('cold-email');
    expect(counter.requests).toBe(5);

    // Beyond maxCacheEntries the oldest answer goes.
    const small = client({ apiKey: key, maxCacheEntries: 1 });
    await small.construct.prompts.get('cold-email');
    await small.construct.prompts.get('cold-email', { version: 1 });
    await small.construct.prompts.get('cold-email', { version: 1 });
    await small.construct.prompts.get('cold-email');
    expect(small.counter.requests).toBe(3);

    // cacheTtlMs 0: every call asks the API.
    const uncached = client({ apiKey: key, cacheTtlMs: 0 });
    await uncached.construct.prompts.get('cold-email');
    await uncached.construct.prompts.get('cold-email');
    expect(uncached.counter.requests).toBe(2);
  });

  it('stops answering a stale copy the API refuses (revoked key, deleted prompt)', async () => {
    const { user, key, keyId, prompt } = await workspace();
    const errors: ConstructError[] = [];
    const { construct, clock } = client({ apiKey: key, onError: (e) => errors.push(e) });
    await construct.prompts.get('cold-email');
    await construct.prompts.list();

    expect((await call('DELETE', `/prompts/${prompt.id}`, { token: user.token })).status).toBe(204);
    clock.now += 61_000;
    expect((await construct.prompts.get('cold-email')).version).toBe(2);
    await construct.settle();
    expect(errors.map((e) => e.status)).toEqual([404]);
    expect((await rejection(construct.prompts.get('cold-email'))).status).toBe(404);

    expect((await call('DELETE', `/api-keys/${keyId}`, { token: user.token })).status).toBe(204);
    await construct.prompts.list();
    await construct.settle();
    expect((await rejection(construct.prompts.list())).status).toBe(401);
  });

  it('uses the caller’s fallback when the API cannot be reached and nothing is cached; keeps a stale copy', async () => {
    const { key } = await workspace();
    const down = await closedPort();
    const errors: ConstructError[] = [];
    const offline = new Construct({
      apiKey: key,
      baseUrl: down,
      onError: (e) => {
        errors.push(e);
        throw new Error('a hook that fails changes nothing');
      },
    });

    const unreachable = await rejection(offline.prompts.get('cold-email'));
    expect(unreachable.status).toBe(0);
    expect(unreachable.unreachable).toBe(true);
    expect(unreachable.detail).toMatch(/^Construct could not be reached/);

    expect(await offline.prompts.get('cold-email', { label: 'production', fallback: 'Write to {name}.' })).toEqual({
      slug: 'cold-email',
      title: 'cold-email',
      version: 0,
      labels: ['production'],
      kind: 'text',
      body: 'Write to {name}.',
      config: {},
      variables: [],
      tasks: [],
      industries: [],
      updated_at: '',
      is_fallback: true,
    });
    expect(await offline.prompts.compile('cold-email', { name: 'Ada' }, { fallback: (v) => `Write to ${v.name}.` })).toBe('Write to Ada.');
    expect(await offline.prompts.compile('cold-email', { name: 'Ada' }, { fallback: 'Hello.' })).toBe('Hello.');
    expect(await offline.prompts.list({ fallback: [] })).toEqual([]);
    expect(errors).toHaveLength(4);
    // A fallback is not cached: the next call tries the API again.
    expect((await rejection(offline.prompts.get('cold-email'))).status).toBe(0);

    // An answer of the API wins over the fallback; a refused request is not hidden by it.
    const { construct } = client({ apiKey: key });
    expect((await construct.prompts.get('cold-email', { fallback: 'unused' })).is_fallback).toBeUndefined();
    expect((await rejection(construct.prompts.get('missing', { fallback: 'unused' }))).status).toBe(404);

    // Cached, then the API goes away: the stale copy keeps answering.
    const path = await relay();
    const clock = { now: 0 };
    const flaky = new Construct({ apiKey: key, baseUrl: path.url, now: () => clock.now, onError: (e) => errors.push(e) });
    expect((await flaky.prompts.get('cold-email')).version).toBe(2);
    await path.close();
    clock.now += 120_000;
    expect((await flaky.prompts.get('cold-email', { fallback: 'unused' })).version).toBe(2);
    await flaky.settle();
    expect(errors.at(-1)?.status).toBe(0);
    expect((await flaky.prompts.get('cold-email')).version).toBe(2);
  });

  it('gives up on an API that does not answer within timeoutMs', async () => {
    const { key } = await workspace();
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      const error = await rejection(new Construct({ apiKey: key, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 }).prompts.get('cold-email'));
      expect(error.status).toBe(0);
      expect(error.detail).toBe('Construct did not answer within 200 ms.');
    } finally {
      silent.close();
    }
  });
});
