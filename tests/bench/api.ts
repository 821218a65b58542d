import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute } from '@shared/routes';
import { lambdaContext, lambdaEvent } from '../../infra/local/lambda-event';
import type { LocalStack } from '../../infra/local/stack';
import { byCommand, recordRequests, type Sent, sequentialRoundTrips } from '../support/round-trips';
import { type BenchOptions, log, median, percentile, ROOT, round, runPool } from './lib';
import { ENHANCE_BODY, libraryEntries, workspacePrompts } from './synthetic';

/**
 * API latency and throughput through the local gateway (HTTP on loopback) against DynamoDB Local,
 * each route next to its "floor": the DynamoDB operations the route needs, issued directly with
 * the same SDK client in the same process, measured in the same rounds. Also counts DynamoDB
 * requests per request, and how many of them ran in sequence, with a middleware on the handlers'
 * shared client (tests/support/round-trips.ts), for these routes and a few more (`ROUND_TRIPS_ONLY`).
 */
export const CONCURRENCIES = [1, 16] as const;
const LIBRARY_SIZE = 10_000;
const PASSWORD = 'bench-password-1';
const WRITERS = 16;

export interface Stats {
  p50: number;
  p99: number;
  rps: number;
}
export interface FloorResult extends Stats {
  name: string;
  /** Route p50 / floor p50, the median of the per-round ratios. */
  ratio: number;
}
export interface ApiResult extends Stats {
  scenario: string;
  route: string;
  concurrency: number;
  requests: number;
  rounds: number;
  errors: number;
  firstError?: string;
  /** Concurrency 1 only: the handler invoked in process with an API Gateway event, no HTTP. */
  direct?: { p50: number; p99: number };
  floors: FloorResult[];
}
export interface RoundTrips {
  scenario: string;
  route: string;
  access: 'public' | 'user';
  /** Median DynamoDB requests per HTTP request. */
  perRequest: number;
  max: number;
  /** Median round trips in sequence (requests in flight together count once): what a request waits for. */
  sequential?: number;
  commands: Record<string, number>;
  scans: number;
}
export interface ApiReport {
  library: { prompts: number; loadSeconds: number };
  results: ApiResult[];
  roundTrips: RoundTrips[];
  /** Every DynamoDB command sent during the measured part (routes and floors), by name. */
  commandTotals: Record<string, number>;
}

interface Scenario {
  name: string;
  route: string;
  access: 'public' | 'user';
  /** The request a worker sends next. */
  call(worker: number): Call;
  floors: { name: string; op(worker: number): Promise<void> }[];
  /** Smallest and largest request count of one measured block. */
  min: number;
  max: number;
  /** Needs the 10,000-prompt library loaded (a `--scenario` run skips it otherwise). */
  library?: true;
}

interface Call {
  method: string;
  /** Path below /api/v1, with its query string. */
  path: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** The status a correct answer has. */
  status: number;
}

// ---- HTTP client: keep-alive sockets on loopback, no fetch overhead ---------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function send(port: number, method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: `/api/v1${path}`, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function viaHttp(port: number, c: Call) {
  const r = await send(port, c.method, c.path, c);
  if (r.status !== c.status) throw new Error(`HTTP ${r.status}: ${r.body.slice(0, 200)}`);
}

// ---- The same request without HTTP: the handler module called with an API Gateway event --------

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Promise<Handler>>();

async function direct(c: Call) {
  const url = new URL(c.path, 'http://localhost');
  const match = matchRoute(c.method, url.pathname);
  if (!match || !('route' in match)) throw new Error(`no route for ${c.method} ${c.path}`);
  const name = match.route.handler;
  // The same module instance the gateway loaded (same file URL), so the same warm container state.
  if (!handlers.has(name))
    handlers.set(
      name,
      import(join(ROOT, 'functions', `${name}.ts`)).then((m) => m.handler as Handler),
    );
  const handler = await handlers.get(name)!;
  const headers: Record<string, string> = { host: 'localhost', 'user-agent': 'bench' };
  let body: string | undefined;
  if (c.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.json);
  } else if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(c.form).toString();
  }
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  const event = lambdaEvent({
    route: match.route,
    path: url.pathname,
    pathParameters: match.pathParameters,
    headers,
    rawQueryString: url.search.slice(1),
    body,
  });
  const context = lambdaContext({ functionName: `bench-${name}`, timeoutMs: 60_000, requestId: event.requestContext.requestId });
  const result = await handler(event, context);
  if (result.statusCode !== c.status) throw new Error(`handler answered ${result.statusCode}: ${String(result.body).slice(0, 200)}`);
}

// ---- Routes whose round trips are counted, not timed --------------------------------------------

type Counted = Pick<Scenario, 'name' | 'route' | 'access' | 'call'>;

/**
 * The other signed-in routes that read before they write (or read the library), set up for one
 * user: a category, a snippet, a prompt with a version to restore and a fork of a library prompt.
 * Each call must be repeatable (the bench sends six).
 */
async function roundTripsOnly(port: number, { token, forkable }: { token: string; forkable: string[] }): Promise<Counted[]> {
  const ok = async (method: string, path: string, json?: unknown) => {
    const r = await send(port, method, path, { token, json });
    if (r.status >= 300) throw new Error(`round-trip setup: ${method} ${path} answered ${r.status}: ${r.body.slice(0, 200)}`);
    return r.body ? (JSON.parse(r.body) as { id: string }) : { id: '' };
  };
  const prompt = (title: string, category_id: string | null) => ({
    title,
    body: `Draft [INPUT: topic] ${randomUUID()}`,
    category_id,
    tasks: ['Writing'],
    industries: [],
  });
  const category = await ok('POST', '/categories/', { name: `Round trips ${randomUUID().slice(0, 8)}` });
  const snippet = await ok('POST', '/context/snippets', { snippet_name: `rt-${randomUUID().slice(0, 8)}`, snippet_content: 'Signed, the team.' });
  const saved = await ok('POST', '/prompts/', prompt('Saved often', category.id));
  const restored = await ok('POST', '/prompts/', prompt('Restored often', category.id));
  await ok('PUT', `/prompts/${restored.id}`, prompt('Restored often, version 2', category.id));
  const fork = await ok('POST', `/prompts/fork/${forkable[0]}`, { category_id: category.id });
  let n = 0;
  const user = (name: string, method: string, route: string, path: () => string, status: number, json?: () => unknown): Counted => ({
    name,
    route: `${method} ${route}`,
    access: 'user',
    call: () => ({ method, path: path(), token, status, ...(json ? { json: json() } : {}) }),
  });
  return [
    user(
      'create prompt in a category',
      'POST',
      '/prompts/',
      () => '/prompts/',
      201,
      () => prompt('Created', category.id),
    ),
    user(
      'fork into a category',
      'POST',
      '/prompts/fork/{id}',
      () => `/prompts/fork/${forkable[++n % forkable.length]}`,
      201,
      () => ({ category_id: category.id }),
    ),
    user(
      'save prompt',
      'PUT',
      '/prompts/{id}',
      () => `/prompts/${saved.id}`,
      204,
      () => prompt(`Saved often ${++n}`, category.id),
    ),
    user('versions', 'GET', '/prompts/{id}/versions', () => `/prompts/${restored.id}/versions`, 200),
    user('restore version', 'POST', '/prompts/{id}/versions/{version}/restore', () => `/prompts/${restored.id}/versions/1/restore`, 200),
    user('library update', 'GET', '/prompts/{id}/library-update', () => `/prompts/${fork.id}/library-update`, 200),
    user('pull library update', 'POST', '/prompts/{id}/library-update/pull', () => `/prompts/${fork.id}/library-update/pull`, 200),
    user('dismiss library update', 'POST', '/prompts/{id}/library-update/dismiss', () => `/prompts/${fork.id}/library-update/dismiss`, 204),
    user('library filters', 'GET', '/library/filters', () => '/library/filters', 200),
    user(
      'rename category',
      'PUT',
      '/categories/{id}',
      () => `/categories/${category.id}`,
      204,
      () => ({ name: `Round trips ${++n}` }),
    ),
    user(
      'update snippet',
      'PUT',
      '/context/snippets/{id}',
      () => `/context/snippets/${snippet.id}`,
      200,
      () => ({ snippet_name: `rt-${++n}`, snippet_content: 'Signed, the team.' }),
    ),
  ];
}

// ---- Measurement -----------------------------------------------------------------------------

interface Block {
  latencies: number[];
  wallMs: number;
  errors: number;
  firstError?: string;
}

async function block(count: number, concurrency: number, op: (worker: number) => Promise<void>): Promise<Block> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  await runPool(count, concurrency, async (worker) => {
    const t = performance.now();
    try {
      await op(worker);
      latencies.push(performance.now() - t);
    } catch (error) {
      errors++;
      firstError ??= (error as Error).message;
    }
  });
  return { latencies, wallMs: performance.now() - start, errors, firstError };
}

/** `count` calls of each op, one at a time, in turns (the op going first rotates). */
async function interleaved(count: number, ops: ((worker: number) => Promise<void>)[]): Promise<Block[]> {
  const blocks: Block[] = ops.map(() => ({ latencies: [], wallMs: 0, errors: 0 }));
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < ops.length; k++) {
      const j = (i + k) % ops.length;
      const b = blocks[j]!;
      const t = performance.now();
      try {
        await ops[j]!(0);
        b.latencies.push(performance.now() - t);
      } catch (error) {
        b.errors++;
        b.firstError ??= (error as Error).message;
      }
      b.wallMs += performance.now() - t;
    }
  }
  return blocks;
}

const stats = (b: Block): Stats => ({ p50: percentile(b.latencies, 0.5), p99: percentile(b.latencies, 0.99), rps: (b.latencies.length / b.wallMs) * 1000 });

const rate = (rps: number) => round(rps, rps < 10 ? 1 : 0);

async function measure(scenario: Scenario, concurrency: number, options: BenchOptions, port: number): Promise<ApiResult> {
  const request = (w: number) => viaHttp(port, scenario.call(w));
  const inProcess = (w: number) => direct(scenario.call(w));
  const rounds = options.quick ? 1 : 3;
  const budgetMs = options.quick ? 300 : 1000;
  // Warm-up (handler modules loaded, caches filled, JIT), which also sizes the blocks.
  const warm = await block(Math.max(4, concurrency), concurrency, request);
  if (concurrency === 1) await block(4, 1, inProcess);
  for (const floor of scenario.floors) await block(Math.max(4, concurrency), concurrency, floor.op);
  if (warm.errors) throw new Error(`${scenario.name}: ${warm.firstError}`);
  const rps = (warm.latencies.length / warm.wallMs) * 1000;
  const count = Math.round(Math.min(scenario.max, Math.max(scenario.min, (rps * budgetMs) / 1000)));

  const route: Block[] = [];
  const directs: Block[] = [];
  const floors: Block[][] = scenario.floors.map(() => []);
  const ops = [request, inProcess, ...scenario.floors.map((f) => f.op)];
  for (let r = 0; r < rounds; r++) {
    if (concurrency === 1) {
      // One at a time: route, handler and floors interleaved call by call, so all see the same machine.
      const [routeBlock, directBlock, ...floorBlocks] = await interleaved(count, ops);
      route.push(routeBlock!);
      directs.push(directBlock!);
      floorBlocks.forEach((b, i) => {
        floors[i]!.push(b);
      });
      continue;
    }
    // Concurrent: whole blocks (throughput needs them), alternating which side goes first.
    const runRoute = async () => route.push(await block(count, concurrency, request));
    const runFloors = async () => {
      for (const [i, floor] of scenario.floors.entries()) floors[i]!.push(await block(count, concurrency, floor.op));
    };
    if (r % 2 === 0) {
      await runRoute();
      await runFloors();
    } else {
      await runFloors();
      await runRoute();
    }
  }
  const routeStats = route.map(stats);
  const all = [...route, ...directs, ...floors.flat()];
  const errors = all.reduce((s, b) => s + b.errors, 0);
  const directStats = directs.map(stats);
  return {
    scenario: scenario.name,
    route: scenario.route,
    concurrency,
    requests: count,
    rounds,
    p50: round(median(routeStats.map((s) => s.p50)), 2),
    p99: round(median(routeStats.map((s) => s.p99)), 2),
    rps: rate(median(routeStats.map((s) => s.rps))),
    errors,
    firstError: all.find((b) => b.firstError)?.firstError,
    ...(directs.length ? { direct: { p50: round(median(directStats.map((s) => s.p50)), 2), p99: round(median(directStats.map((s) => s.p99)), 2) } } : {}),
    floors: scenario.floors.map((floor, i) => {
      const s = floors[i]!.map(stats);
      return {
        name: floor.name,
        p50: round(median(s.map((x) => x.p50)), 2),
        p99: round(median(s.map((x) => x.p99)), 2),
        rps: rate(median(s.map((x) => x.rps))),
        ratio: round(median(s.map((x, j) => routeStats[j]!.p50 / x.p50)), 2),
      };
    }),
  };
}

// ---- The run ----------------------------------------------------------------------------------

export async function runApiBench(stack: LocalStack, options: BenchOptions): Promise<ApiReport> {
  // The handlers read their configuration on import, so functions/ is loaded only now that the
  // stack has set it; the gateway runs the handlers in this process, on this very client.
  const { db, TABLE, batchWrite } = await import('../../functions/lib/data/db');
  const { createUser } = await import('../../functions/lib/data/users');
  const { hashPassword, verifyPassword } = await import('../../functions/lib/services/passwords');
  const { libraryKeys } = await import('../../functions/lib/data/library');
  const { upsertEntries } = await import('../../functions/lib/use-cases/library-curation');
  const { createCategory } = await import('../../functions/lib/data/category');
  const { personalPk } = await import('../../functions/lib/data/keys');
  const { userKeys } = await import('../../functions/lib/data/users');
  const { promptKeys } = await import('../../functions/lib/data/prompt');
  const { personalWorkspace } = await import('../../functions/lib/data/workspace');

  const recorder = recordRequests(db);

  const port = (stack.server.address() as { port: number }).port;
  const t0 = performance.now();
  const at = () => `${Math.round((performance.now() - t0) / 1000)} s`;

  // -- Data: users (tiers set on the item), workspaces, a 10,000-prompt library --
  log('  api: creating users and workspaces...');
  const hash = await hashPassword(PASSWORD);
  const newUser = async (label: string, tier: 'free' | 'pro' | 'elite') => {
    const email = `${label}-${randomUUID().slice(0, 8)}@bench.local`;
    const user = await createUser({ email, password_hash: hash, first_name: 'Bench', last_name: label, is_admin: false, access_tier: 'free' });
    await db.send(
      new UpdateCommand({ TableName: TABLE, Key: userKeys.user(user.id), UpdateExpression: 'SET access_tier = :t', ExpressionAttributeValues: { ':t': tier } }),
    );
    // Tokens come from the real sign-in route, whatever claims it puts in them.
    const login = await send(port, 'POST', '/auth/login', { form: { username: email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login of a bench user failed: ${login.status} ${login.body}`);
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    // The token's id: the authenticated routes read its revocation key along with the user.
    const jti = String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { jti?: string }).jti ?? '');
    return { id: user.id, email, token, jti, record: { ...user, access_tier: tier } };
  };
  type BenchUser = Awaited<ReturnType<typeof newUser>>;
  const fillWorkspace = async (user: BenchUser, count: number, seed: number) => {
    const categories: { id: string }[] = [];
    for (const name of ['Marketing', 'Engineering', 'Research', 'Support', 'Personal'])
      categories.push(await createCategory(personalWorkspace(user.record), name));
    const base = Date.parse('2026-01-01T00:00:00Z');
    const items = workspacePrompts(count, seed).map((p, i) => {
      const id = randomUUID();
      const at = new Date(base + i * 60_000).toISOString();
      const category_id = i % 3 === 0 ? null : categories[i % categories.length]!.id;
      return { ...promptKeys.prompt(personalPk(user.id), id), type: 'prompt', id, ...p, category_id, created_at: at, updated_at: at };
    });
    await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKeys.user(user.id),
        UpdateExpression: 'SET prompts_used = :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
  };
  const list50 = await newUser('list50', 'pro');
  const list500 = await newUser('list500', 'elite');
  await fillWorkspace(list50, 50, 50);
  await fillWorkspace(list500, 500, 500);
  const writers: BenchUser[] = await Promise.all(Array.from({ length: WRITERS }, (_, i) => newUser(`writer${i}`, 'elite')));

  // Loaded below, once the scenarios are chosen: only when one of them needs the library.
  let forkable: string[] = [];
  let forkNext = 0;

  // -- The floors' building blocks: the same operations the handlers send --
  const getUser = (id: string) => db.send(new GetCommand({ TableName: TABLE, Key: userKeys.user(id) }));
  /**
   * What authentication reads: the user and the token's revocation marker, in one BatchGet; with a
   * route's preloaded keys, in the same BatchGet, read strongly (functions/lib/http/http.ts).
   */
  const authRead = (user: BenchUser, ...preload: { pk: string; sk: string }[]) =>
    db.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: {
            Keys: [userKeys.user(user.id), { pk: `REVOKED#${user.jti}`, sk: 'TOKEN' }, ...preload],
            ...(preload.length ? { ConsistentRead: true } : {}),
          },
        },
      }),
    );
  /** The sign-in guard's read: the account's and the address's failure windows, in one BatchGet. */
  const rateWindows = (email: string) => {
    const start = Math.floor(Date.now() / 1000 / 900) * 900;
    return db.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: {
            Keys: [
              { pk: `RATE#login-account#${email}`, sk: `W#${start}` },
              { pk: 'RATE#login-address#127.0.0.1', sk: `W#${start}` },
            ],
            ProjectionExpression: 'pk, sk, hits',
          },
        },
      }),
    );
  };
  const queryAll = async (id: string) => {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': personalPk(id) }, ExclusiveStartKey }),
      );
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  };
  const promptTransaction = (userId: string, fields: Record<string, unknown>) => {
    const id = randomUUID();
    const now = new Date().toISOString();
    return db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: userKeys.user(userId),
              UpdateExpression: 'ADD #c :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#c': 'prompts_used' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          {
            Put: {
              TableName: TABLE,
              Item: { ...promptKeys.prompt(personalPk(userId), id), type: 'prompt', id, ...fields, created_at: now, updated_at: now },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  };
  const loginLookup = async (email: string) => {
    const [, user] = await Promise.all([rateWindows(email), claimThenUser(email)]);
    return user;
  };
  const claimThenUser = async (email: string) => {
    const { Item: claim } = await db.send(new GetCommand({ TableName: TABLE, Key: userKeys.emailClaim(email), ProjectionExpression: 'user_id' }));
    const { Item } = await getUser(claim!.user_id as string);
    return Item!;
  };
  const newPrompt = () => ({ title: `Bench prompt ${randomUUID().slice(0, 8)}`, body: 'Summarise [INPUT: notes] for [PROFILE: team] in five bullet points.' });

  // -- The registry: one prompt with a slug (made by the route, as users make them;
  //    the elite user's: the pro one is at its 50-prompt limit) --
  const made = await send(port, 'POST', '/prompts/', {
    token: list500.token,
    json: { title: 'Bench registry', body: 'Summarise [INPUT: notes] for [PROFILE: team=the team] with [SNIPPET: tone].' },
  });
  if (made.status !== 201) throw new Error(`registry prompt: ${made.status} ${made.body}`);
  const registryPrompt = JSON.parse(made.body) as { id: string; slug: string };
  await send(port, 'POST', '/context/snippets', { token: list500.token, json: { snippet_name: 'tone', snippet_content: 'Plain words.' } });
  // A chat prompt of 5 messages (system, history placeholder, user, assistant, user), with settings.
  const chatMade = await send(port, 'POST', '/prompts/', {
    token: list500.token,
    json: {
      title: 'Bench chat',
      kind: 'chat',
      messages: [
        { role: 'system', content: 'You write for [PROFILE: team=the team] with [SNIPPET: tone].' },
        { role: 'placeholder', name: 'history' },
        { role: 'user', content: 'Summarise [INPUT: notes].' },
        { role: 'assistant', content: 'Here is a summary of [INPUT: notes].' },
        { role: 'user', content: 'Now in five bullet points, [INPUT: tone=plain|formal].' },
      ],
      config: { model: 'gpt-4.1-mini', temperature: 0.2, tools: [{ name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } }] },
    },
  });
  if (chatMade.status !== 201) throw new Error(`chat prompt: ${chatMade.status} ${chatMade.body}`);
  const chatPrompt = JSON.parse(chatMade.body) as { id: string; slug: string };
  const { slugKey } = await import('../../functions/lib/data/slugs');
  const workspacePrefix = (prefix: string) =>
    db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': personalPk(list500.id), ':p': prefix },
      }),
    );
  /** Authentication with the slug claim preloaded, then the prompt (and, to compile, the context) at once. */
  const registryFloor = async (withContext: boolean, target = registryPrompt) => {
    await authRead(list500, slugKey(personalPk(list500.id), target.slug));
    const prompt = db.send(new GetCommand({ TableName: TABLE, Key: promptKeys.prompt(personalPk(list500.id), target.id) }));
    await Promise.all(withContext ? [prompt, workspacePrefix('SNIPPET#'), workspacePrefix('XPROFILE#')] : [prompt]);
  };

  const scenarios: Scenario[] = [
    {
      name: 'login',
      route: 'POST /auth/login',
      access: 'public',
      call: (w) => ({ method: 'POST', path: '/auth/login', form: { username: writers[w]!.email, password: PASSWORD }, status: 200 }),
      floors: [
        { name: 'BatchGet windows ‖ GetItem claim + GetItem user', op: async (w) => void (await loginLookup(writers[w]!.email)) },
        {
          name: 'the same + scrypt verify',
          op: async (w) => {
            const user = await loginLookup(writers[w]!.email);
            if (!(await verifyPassword(PASSWORD, user.password_hash as string))) throw new Error('password mismatch');
          },
        },
      ],
      min: options.quick ? 4 : 10,
      max: 48,
    },
    {
      name: 'me',
      route: 'GET /auth/me',
      access: 'user',
      call: () => ({ method: 'GET', path: '/auth/me', token: list50.token, status: 200 }),
      floors: [{ name: 'BatchGet user+revocation', op: async () => void (await authRead(list50)) }],
      min: 50,
      max: 3000,
    },
    ...[list50, list500].map(
      (user, i): Scenario => ({
        name: `list prompts (${i ? 500 : 50})`,
        route: 'GET /prompts/',
        access: 'user',
        call: () => ({ method: 'GET', path: '/prompts/', token: user.token, status: 200 }),
        floors: [
          {
            name: 'BatchGet user+revocation + Query workspace',
            op: async () => {
              await authRead(user);
              await queryAll(user.id);
            },
          },
        ],
        min: 30,
        max: 3000,
      }),
    ),
    {
      name: 'create prompt',
      route: 'POST /prompts/',
      access: 'user',
      call: (w) => ({ method: 'POST', path: '/prompts/', token: writers[w]!.token, json: newPrompt(), status: 201 }),
      floors: [
        {
          name: 'BatchGet user+revocation + TransactWrite',
          op: async (w) => {
            await authRead(writers[w]!);
            await promptTransaction(writers[w]!.id, { ...newPrompt(), category_id: null, is_favorite: false, tasks: [], industries: [] });
          },
        },
      ],
      min: 50,
      max: 2000,
    },
    {
      name: 'library page (10k)',
      route: 'GET /library/prompts',
      access: 'user',
      library: true,
      call: () => ({ method: 'GET', path: '/library/prompts?page=1&page_size=12', token: list50.token, status: 200 }),
      floors: [{ name: 'BatchGet user+revocation', op: async () => void (await authRead(list50)) }],
      min: 30,
      max: 3000,
    },
    {
      name: 'fork',
      route: 'POST /prompts/fork/{id}',
      access: 'user',
      library: true,
      call: (w) => ({
        method: 'POST',
        path: `/prompts/fork/${forkable[forkNext++ % forkable.length]}`,
        token: writers[w]!.token,
        json: { category_id: null },
        status: 201,
      }),
      floors: [
        {
          name: 'BatchGet user+revocation+library prompt + TransactWrite',
          op: async (w) => {
            const key = libraryKeys.prompt(forkable[forkNext++ % forkable.length]!);
            const Item = (await authRead(writers[w]!, key)).Responses![TABLE]!.find((i) => i.sk === key.sk);
            await promptTransaction(writers[w]!.id, {
              title: Item!.title,
              body: Item!.body,
              category_id: null,
              is_favorite: false,
              tasks: Item!.tasks,
              industries: Item!.industries,
              forked_from: Item!.id,
            });
          },
        },
      ],
      min: 50,
      max: 2000,
    },
    {
      name: 'registry get',
      route: 'GET /registry/prompts/{slug}',
      access: 'user',
      call: () => ({ method: 'GET', path: `/registry/prompts/${registryPrompt.slug}`, token: list500.token, status: 200 }),
      floors: [{ name: 'BatchGet user+revocation+slug claim + GetItem prompt', op: () => registryFloor(false) }],
      min: 50,
      max: 3000,
    },
    {
      name: 'registry compile',
      route: 'POST /registry/prompts/{slug}/compile',
      access: 'user',
      call: () => ({
        method: 'POST',
        path: `/registry/prompts/${registryPrompt.slug}/compile`,
        token: list500.token,
        json: { variables: { notes: 'Q3 numbers' } },
        status: 200,
      }),
      floors: [{ name: 'BatchGet user+revocation+slug claim + (GetItem prompt ‖ Query snippets ‖ Query profile)', op: () => registryFloor(true) }],
      min: 50,
      max: 3000,
    },
    {
      name: 'registry compile (chat, 5 messages)',
      route: 'POST /registry/prompts/{slug}/compile',
      access: 'user',
      call: () => ({
        method: 'POST',
        path: `/registry/prompts/${chatPrompt.slug}/compile`,
        token: list500.token,
        json: {
          variables: { notes: 'Q3 numbers' },
          history: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello' },
          ],
        },
        status: 200,
      }),
      floors: [{ name: 'BatchGet user+revocation+slug claim + (GetItem prompt ‖ Query snippets ‖ Query profile)', op: () => registryFloor(true, chatPrompt) }],
      min: 50,
      max: 3000,
    },
    {
      name: 'enhance (local engine)',
      route: 'POST /engine/enhance',
      access: 'user',
      call: (w) => ({
        method: 'POST',
        path: '/engine/enhance',
        token: writers[w]!.token,
        json: { prompt_body: ENHANCE_BODY, enhancement_type: 'clarify' },
        status: 200,
      }),
      floors: [{ name: 'BatchGet user+revocation', op: async (w) => void (await authRead(writers[w]!)) }],
      min: 50,
      max: 3000,
    },
  ];

  // `--scenario TEXT`: the scenarios whose name contains it, and no round-trip-only routes.
  const filter = options.scenario?.toLowerCase();
  const chosen = filter ? scenarios.filter((s) => s.name.toLowerCase().includes(filter)) : scenarios;
  if (!chosen.length) throw new Error(`no API scenario's name contains '${options.scenario}': ${scenarios.map((s) => s.name).join(', ')}`);
  let loadSeconds = Number.NaN;
  if (!filter || chosen.some((s) => s.library)) {
    log(`  api: loading ${LIBRARY_SIZE} library prompts... (${at()})`);
    const libraryStart = performance.now();
    const entries = libraryEntries(LIBRARY_SIZE);
    for (let i = 0; i < entries.length; i += 2000) await upsertEntries(entries.slice(i, i + 2000), 'curator@bench.local');
    loadSeconds = round((performance.now() - libraryStart) / 1000, 1);
    forkable = entries.filter((e) => e.access_tier === 'free').map((e) => e.id);
  }

  const results: ApiResult[] = [];
  const commandTotals: Record<string, number> = {};
  recorder.take();
  for (const scenario of chosen) {
    for (const concurrency of CONCURRENCIES) {
      log(`  api: ${scenario.name} at concurrency ${concurrency}... (${at()})`);
      results.push(await measure(scenario, concurrency, options, port));
      for (const [command, n] of Object.entries(byCommand(recorder.take()))) commandTotals[command] = (commandTotals[command] ?? 0) + n;
    }
  }

  // -- Round trips: one request at a time, each request's DynamoDB requests on their own --
  log(`  api: round trips... (${at()})`);
  const roundTrips: RoundTrips[] = [];
  for (const scenario of [...chosen, ...(filter ? [] : await roundTripsOnly(port, { token: writers[0]!.token, forkable }))]) {
    await viaHttp(port, scenario.call(0));
    const samples: Sent[][] = [];
    for (let i = 0; i < 5; i++) {
      recorder.take();
      await viaHttp(port, scenario.call(0));
      samples.push(recorder.take());
    }
    const totals = samples.map((s) => s.length);
    const typical = samples[totals.indexOf(median(totals))] ?? samples[0]!;
    roundTrips.push({
      scenario: scenario.name,
      route: scenario.route,
      access: scenario.access,
      perRequest: median(totals),
      max: Math.max(...totals),
      sequential: median(samples.map(sequentialRoundTrips)),
      commands: byCommand(typical),
      scans: samples.reduce((n, s) => n + s.filter((r) => r.command === 'Scan').length, 0),
    });
  }
  agent.destroy();
  return { library: { prompts: forkable.length ? LIBRARY_SIZE : 0, loadSeconds }, results, roundTrips, commandTotals };
}
