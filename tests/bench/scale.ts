import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { LibraryPromptItem } from '../../functions/lib/data/library';
import type { SnapshotStore } from '../../functions/lib/services/library-snapshot/store';
import type { LocalStack } from '../../infra/local/stack';
import { log, ROOT, round } from './lib';
import { libraryEntries } from './synthetic';

/**
 * Scale section (`npm run bench -- --only scale`):
 * - the snapshot builder alone at 10,000 / 100,000 / 1,000,000 generated prompts (in memory),
 *   and a cold container's first page and first search from what it published;
 * - the library through DynamoDB Local at 100,000 prompts (10,000 with --quick): written, read
 *   back through the index and built once, and a cold container's first page;
 * - a herd: K simulated containers (fresh copies of the reader module), one library edit:
 *   DynamoDB requests the containers send afterwards (the goal: none);
 * - a partition meter: a request mix replayed through the real handlers in process, every
 *   DynamoDB key and the capacity units it costs recorded, and the ceiling each partition implies.
 */
const LAMBDA_FULL_VCPU_MB = 1769;
const FUNCTION_MB = 256;
const project = (cpuMs: number, memoryMb = FUNCTION_MB) => cpuMs * Math.max(1, LAMBDA_FULL_VCPU_MB / memoryMb);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const MB = (bytes: number) => round(bytes / 1024 / 1024, 1);

export interface ScaleReport {
  /** The library through DynamoDB Local: written, read back and built once, then a cold container's first page. */
  dynamo?: {
    prompts: number;
    writeSeconds: number;
    readMs: number;
    buildMs: number;
    buildCpuMs: number;
    buildHeapMb: number;
    firstPageMs: number;
    projectedMs: number;
    answerKb: number;
    heapMb: number;
  };
  builder: {
    prompts: number;
    buildMs: number;
    buildCpuMs: number;
    heapMb: number;
    files: number;
    totalMb: number;
    largestFileKb: number;
    manifestKb: number;
  }[];
  coldPage: {
    prompts: number;
    firstPageMs: number;
    projectedMs: number;
    answerKb: number;
    heapMb: number;
    searchMs: number;
    searchProjectedMs: number;
    searchHeapMb: number;
  }[];
  herd: { containers: number; dynamoRequestsAfterEdit: number; sharedReadUnits: number; storeReadsPerContainer: number; builderReadUnits: number };
  meter: {
    requests: number;
    mix: string;
    partitions: { partition: string; rcuPerRequest: number; wcuPerRequest: number; ceilingRps: number }[];
    lowestCeiling: number;
    ownPerUser: { rcuPerRequest: number; wcuPerRequest: number };
  };
}

/** A store that keeps only what a cold reader needs (the manifest, a tier's files when asked), counting the rest. */
function memoryStore(keep: (key: string) => boolean) {
  const files = new Map<string, string>();
  const stats = { files: 0, bytes: 0, largest: 0, reads: 0 };
  const store: SnapshotStore = {
    async get(key) {
      stats.reads++;
      return files.get(key);
    },
    async put(key, body) {
      stats.files++;
      stats.bytes += Buffer.byteLength(body);
      stats.largest = Math.max(stats.largest, Buffer.byteLength(body));
      if (keep(key)) files.set(key, body);
    },
  };
  return { store, files, stats };
}

/** A fresh copy of the reader module: what a new container starts with. */
let copies = 0;
const freshReader = async (): Promise<typeof import('../../functions/lib/services/library-snapshot/read')> =>
  import(`${pathToFileURL(join(ROOT, 'functions/lib/services/library-snapshot/read.ts')).href}?container=${++copies}`);

function items(count: number): LibraryPromptItem[] {
  const categories = new Map<string, string>();
  const now = new Date().toISOString();
  return libraryEntries(count).map((e) => {
    const category = e.category ? (categories.get(e.category) ?? categories.set(e.category, `cat-${categories.size}`).get(e.category)!) : null;
    return {
      id: e.id,
      title: e.title,
      body: e.body,
      category_id: category,
      tasks: e.tasks,
      industries: e.industries,
      access_tier: e.access_tier,
      owner_email: 'curator@bench.local',
      created_at: now,
      updated_at: now,
    };
  });
}

async function builderAndColdPage(sizes: number[], report: ScaleReport) {
  const { buildSnapshot } = await import('../../functions/lib/services/library-snapshot/build');
  const { byTitle } = await import('../../functions/lib/data/library');
  for (const n of sizes) {
    log(`  snapshot builder: ${n.toLocaleString('en')} prompts...`);
    let prompts: LibraryPromptItem[] | undefined = items(n).sort(byTitle);
    const categories = new Map([...new Set(prompts.map((p) => p.category_id).filter(Boolean))].map((id) => [id!, { id: id!, name: `Category ${id}` }]));
    const keepSearch = n <= 100_000;
    const memory = memoryStore(
      (key) => key.endsWith('manifest.json') || key.endsWith('/free/0.json') || (keepSearch && key.includes('/free/')) || key.includes('/rev/'),
    );
    global.gc?.();
    const cpu = process.cpuUsage();
    const t = performance.now();
    const manifest = await buildSnapshot(prompts, categories, memory.store, `bench-${n}`);
    const buildMs = performance.now() - t;
    const buildCpuMs = cpuMs(cpu);
    const heapMb = MB(process.memoryUsage().heapUsed);
    memory.files.set('current.json', JSON.stringify({ version: manifest.version, started_at: Date.now() }));
    report.builder.push({
      prompts: n,
      buildMs: round(buildMs, 0),
      buildCpuMs: round(buildCpuMs, 0),
      heapMb,
      files: memory.stats.files,
      totalMb: MB(memory.stats.bytes),
      largestFileKb: round(memory.stats.largest / 1024, 1),
      manifestKb: round(Buffer.byteLength(memory.files.get(`v/bench-${n}/manifest.json`)!) / 1024, 1),
    });
    prompts = undefined;
    global.gc?.();

    // A cold container: a fresh reader, the first page, then the first search.
    const reader = await freshReader();
    reader.useSnapshotStore(memory.store);
    const heapBefore = process.memoryUsage().heapUsed;
    const pageCpu = process.cpuUsage();
    const p0 = performance.now();
    const page = await reader.queryLibrary('free', { page: '1' });
    const firstPageMs = performance.now() - p0;
    const firstPageCpu = cpuMs(pageCpu);
    const heapAfterPage = process.memoryUsage().heapUsed;
    let searchMs = Number.NaN;
    let searchCpu = Number.NaN;
    let searchHeap = Number.NaN;
    if (keepSearch) {
      const searchCpuStart = process.cpuUsage();
      const s0 = performance.now();
      await reader.queryLibrary('free', { search: 'quarterly', page: '1' });
      searchMs = performance.now() - s0;
      searchCpu = cpuMs(searchCpuStart);
      searchHeap = process.memoryUsage().heapUsed - heapBefore;
    }
    report.coldPage.push({
      prompts: n,
      firstPageMs: round(firstPageMs, 1),
      projectedMs: round(project(firstPageCpu), 0),
      answerKb: round(Buffer.byteLength(JSON.stringify(page)) / 1024, 1),
      heapMb: MB(Math.max(0, heapAfterPage - heapBefore)),
      searchMs: round(searchMs, 0),
      searchProjectedMs: round(project(searchCpu), 0),
      searchHeapMb: MB(searchHeap),
    });
  }
}

/**
 * The library through DynamoDB Local: `n` generated prompts written to their own partitions (as an
 * import writes them, without a build per batch), read back through the sharded index and built
 * into a snapshot folder once (what the stream consumer does), then a cold container's first page
 * from that folder: time, CPU projected to the read function's memory, heap, answer size.
 */
export async function libraryThroughDynamo(report: ScaleReport, n: number) {
  const { batchWrite, db, DYNAMO_TIMEOUTS } = await import('../../functions/lib/data/db');
  const { libraryKeys, allLibraryPrompts, allLibraryCategories } = await import('../../functions/lib/data/library');
  const { buildSnapshot } = await import('../../functions/lib/services/library-snapshot/build');
  const { folderStore } = await import('../../functions/lib/services/library-snapshot/store');
  log(`  through DynamoDB Local: writing ${n.toLocaleString('en')} library prompts...`);
  const generated = items(n).map((p) => ({ ...p, id: `dyn-${p.id}` }));
  const categoryIds = [...new Set(generated.map((p) => p.category_id).filter((c): c is string => Boolean(c)))];
  const w0 = performance.now();
  await batchWrite([
    ...categoryIds.map((id) => ({
      PutRequest: { Item: { ...libraryKeys.category(id), ...libraryKeys.categoryIndex(id), type: 'library_category', id, name: `Category ${id}` } },
    })),
    ...generated.map((p) => ({ PutRequest: { Item: { ...libraryKeys.prompt(p.id), ...libraryKeys.promptIndex(p.id), type: 'library_prompt', ...p } } })),
  ]);
  const writeSeconds = (performance.now() - w0) / 1000;
  generated.length = 0;

  log('  through DynamoDB Local: one build from the index...');
  const dir = mkdtempSync(join(tmpdir(), 'construct-bench-snapshot-'));
  // DynamoDB Local on two shared cores answers the build's 16 parallel 1 MB index pages far more
  // slowly than DynamoDB does: the 2.5 s time-out guards a Lambda, it is not what is measured here.
  const handler = db.config.requestHandler as { updateHttpClientConfig?: (key: 'requestTimeout', value: number) => void };
  handler.updateHttpClientConfig?.('requestTimeout', 120_000);
  try {
    const store = folderStore(dir);
    global.gc?.();
    const cpu = process.cpuUsage();
    const r0 = performance.now();
    const [prompts, categories] = await Promise.all([allLibraryPrompts(), allLibraryCategories()]);
    const readMs = performance.now() - r0;
    const manifest = await buildSnapshot(prompts, categories, store, `bench-dynamo-${prompts.length}`);
    const buildMs = performance.now() - r0 - readMs;
    const buildCpuMs = cpuMs(cpu);
    const buildHeapMb = MB(process.memoryUsage().heapUsed);
    await store.put('current.json', JSON.stringify({ version: manifest.version, started_at: Date.now() }));
    const count = prompts.length;
    global.gc?.();

    const reader = await freshReader();
    reader.useSnapshotStore(store);
    const heapBefore = process.memoryUsage().heapUsed;
    const pageCpu = process.cpuUsage();
    const p0 = performance.now();
    const page = await reader.queryLibrary('free', { page: '1' });
    const firstPageMs = performance.now() - p0;
    report.dynamo = {
      prompts: count,
      writeSeconds: round(writeSeconds, 0),
      readMs: round(readMs, 0),
      buildMs: round(buildMs, 0),
      buildCpuMs: round(buildCpuMs, 0),
      buildHeapMb,
      firstPageMs: round(firstPageMs, 1),
      projectedMs: round(project(cpuMs(pageCpu)), 0),
      answerKb: round(Buffer.byteLength(JSON.stringify(page)) / 1024, 1),
      heapMb: MB(Math.max(0, process.memoryUsage().heapUsed - heapBefore)),
    };
  } finally {
    handler.updateHttpClientConfig?.('requestTimeout', DYNAMO_TIMEOUTS.requestTimeout);
    rmSync(dir, { recursive: true, force: true });
  }
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

async function herdAndMeter(stack: LocalStack, report: ScaleReport, quick: boolean) {
  const { db } = await import('../../functions/lib/data/db');
  const { upsertEntries } = await import('../../functions/lib/use-cases/library-curation');
  const { recordRequests } = await import('../support/round-trips');
  const { invoke } = await import('../support/events');
  const { matchRoute } = await import('../../shared/routes');
  const { touchedKeys } = await import('../support/round-trips');
  const recorder = recordRequests(db);
  const outputs = new WeakMap<object, unknown>();
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      outputs.set(args.input as object, result.output);
      void context;
      return result;
    },
    { step: 'deserialize', name: 'benchOutputs' },
  );

  const entries = libraryEntries(quick ? 2_000 : 10_000, 7);
  log(`  loading ${entries.length.toLocaleString('en')} library prompts into DynamoDB Local...`);
  for (let i = 0; i < entries.length; i += 2000) await upsertEntries(entries.slice(i, i + 2000), 'curator@bench.local');

  // Herd: K containers warm on page 1, one edit, each serves page 1 again.
  const K = quick ? 20 : 100;
  const containers = await Promise.all(Array.from({ length: K }, () => freshReader()));
  for (const c of containers) await c.queryLibrary('free', { page: '1' });
  recorder.take();
  await upsertEntries([{ ...entries[0]!, body: `${entries[0]!.body}\nEdited ${randomUUID()}` }], 'curator@bench.local');
  recorder.take();
  // The build reads every library item once through the index, eventually consistent: about its bytes / 4 KB / 2.
  const builderBytes = entries.reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)) + 200, 0);
  const { folderStore, localSnapshotDir } = await import('../../functions/lib/services/library-snapshot/store');
  let storeReads = 0;
  const counting = folderStore(localSnapshotDir());
  for (const c of containers) {
    c.useSnapshotStore({
      get: (key) => {
        storeReads++;
        return counting.get(key);
      },
      put: counting.put,
    });
    await c.queryLibrary('free', { page: '1' });
  }
  const afterEdit = recorder.take();
  report.herd = {
    containers: K,
    dynamoRequestsAfterEdit: afterEdit.length,
    sharedReadUnits: afterEdit.length,
    storeReadsPerContainer: round(storeReads / K, 1),
    builderReadUnits: round(builderBytes / 4096 / 2, 0),
  };

  // Partition meter.
  process.env.JWT_SECRET ??= 'bench';
  const handlers = new Map<string, Handler>();
  const handlerOf = async (method: string, path: string) => {
    const match = matchRoute(method, path);
    if (!match || !('route' in match)) throw new Error(`No route for ${method} ${path}`);
    const name = match.route.handler;
    if (!handlers.has(name)) handlers.set(name, (await import(join(ROOT, 'functions', `${name}.ts`))).handler as Handler);
    return handlers.get(name)!;
  };
  const base = `${stack.url}/api/v1`;
  const post = async (path: string, json: unknown, token?: string) =>
    (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(json),
      })
    ).json() as Promise<any>;
  const USERS = quick ? 10 : 30;
  log(`  partition meter: ${USERS} users, library of ${entries.length.toLocaleString('en')}...`);
  const users: { id: string; token: string; prompts: string[] }[] = [];
  const { createUser } = await import('../../functions/lib/data/users');
  const hash = await (await import('../../functions/lib/services/passwords')).hashPassword('bench-password-1');
  for (let u = 0; u < USERS; u++) {
    const email = `meter-${u}-${randomUUID().slice(0, 6)}@bench.local`;
    const account = await createUser({ email, password_hash: hash, first_name: 'Meter', last_name: String(u), is_admin: false, access_tier: 'free' });
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password: 'bench-password-1' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const prompts: string[] = [];
    for (let i = 0; i < 3; i++) prompts.push((await post('/prompts/', { title: `P${i}`, body: `Body [INPUT: x] ${i}` }, token)).id);
    prompts.push((await post(`/prompts/fork/${entries[u % 50]!.id}`, { category_id: null }, token)).id);
    users.push({ id: account.id, token, prompts });
  }
  const popular = entries.find((e) => e.access_tier === 'free')!.id;
  const mix: [number, (u: (typeof users)[number], i: number) => { method: string; path: string; json?: unknown; query?: Record<string, string> }][] = [
    [60, () => ({ method: 'GET', path: '/prompts/' })],
    [
      25,
      (_, i) => ({
        method: 'GET',
        path: '/library/prompts',
        query: (i % 5 === 0 ? { search: 'review', page: '1' } : { page: String(1 + (i % 7)) }) as Record<string, string>,
      }),
    ],
    [
      6,
      (u, i) => ({
        method: 'PUT',
        path: `/prompts/${u.prompts[i % 3]}`,
        json: { title: `Edited ${i}`, body: `Body ${i}`, category_id: null, tasks: [], industries: [] },
      }),
    ],
    // Every fork of the mix takes the same library prompt: the worst case for its partition.
    [2, () => ({ method: 'POST', path: `/prompts/fork/${popular}`, json: { category_id: null } })],
    [2, (u) => ({ method: 'DELETE', path: `/prompts/${u.prompts.pop() ?? 'none'}` })],
    [3, () => ({ method: 'GET', path: '/auth/me' })],
    [2, () => ({ method: 'GET', path: '/library/filters' })],
  ];
  const REQUESTS = quick ? 300 : 1000;
  const units = new Map<string, { rcu: number; wcu: number }>();
  const own = { rcu: 0, wcu: 0 };
  const add = (pk: string, rcu: number, wcu: number, user: (typeof users)[number]) => {
    if (pk === `USER#${user.id}` || pk.startsWith('REVOKED#') || pk.endsWith(`#${user.id}`)) {
      own.rcu += rcu;
      own.wcu += wcu;
      return;
    }
    const entry = units.get(pk) ?? { rcu: 0, wcu: 0 };
    entry.rcu += rcu;
    entry.wcu += wcu;
    units.set(pk, entry);
  };
  const slots = mix.flatMap(([weight, make]) => Array.from({ length: weight }, () => make));
  for (let i = 0; i < REQUESTS; i++) {
    const user = users[i % users.length]!;
    if (user.prompts.length < 3) user.prompts.push((await post('/prompts/', { title: 'Refill', body: 'b' }, user.token)).id);
    const input = slots[(i * 37) % slots.length]!(user, i);
    const handler = await handlerOf(input.method, input.path);
    recorder.take();
    await invoke(handler, { ...input, token: user.token });
    for (const s of recorder.take()) {
      const output = outputs.get(s.input) as Record<string, any> | undefined;
      const keys = touchedKeys([s]);
      const strong =
        Boolean(s.input.ConsistentRead) ||
        Object.values((s.input.RequestItems ?? {}) as Record<string, { ConsistentRead?: boolean }>).some((r) => r.ConsistentRead);
      const readFactor = strong ? 1 : 0.5;
      if (s.command === 'Query') {
        const bytes = Buffer.byteLength(JSON.stringify(output?.Items ?? []));
        add(keys[0]!, Math.max(1, Math.ceil(bytes / 4096)) * readFactor, 0, user);
      } else if (s.command === 'BatchGetItem' || s.command === 'GetItem') {
        const returned =
          s.command === 'GetItem'
            ? output?.Item
              ? [output.Item]
              : []
            : Object.values((output?.Responses ?? {}) as Record<string, Record<string, unknown>[]>).flat();
        const size = new Map(returned.map((item) => [String((item as { pk: unknown }).pk), Buffer.byteLength(JSON.stringify(item))]));
        for (const pk of keys) add(pk, Math.max(1, Math.ceil((size.get(pk) ?? 1) / 4096)) * readFactor, 0, user);
      } else {
        // Writes: 1 WCU per KB of the item; a transaction costs twice.
        const factor = s.command === 'TransactWriteItems' ? 2 : 1;
        for (const pk of keys) add(pk, 0, factor, user);
      }
    }
  }
  const partitions = [...units]
    .map(([partition, u]) => {
      const rcuPerRequest = u.rcu / REQUESTS;
      const wcuPerRequest = u.wcu / REQUESTS;
      const ceilingRps = Math.min(
        rcuPerRequest ? 3000 / rcuPerRequest : Number.POSITIVE_INFINITY,
        wcuPerRequest ? 1000 / wcuPerRequest : Number.POSITIVE_INFINITY,
      );
      return { partition, rcuPerRequest: round(rcuPerRequest, 4), wcuPerRequest: round(wcuPerRequest, 4), ceilingRps: Math.round(ceilingRps) };
    })
    .sort((a, b) => a.ceilingRps - b.ceilingRps);
  report.meter = {
    requests: REQUESTS,
    mix: '60% list prompts, 25% library pages (1 in 5 a search), 10% writes (6% save, 2% fork of ONE popular library prompt, 2% delete), 5% other (me, filters)',
    partitions,
    lowestCeiling: partitions[0]?.ceilingRps ?? Number.POSITIVE_INFINITY,
    ownPerUser: { rcuPerRequest: round(own.rcu / REQUESTS, 2), wcuPerRequest: round(own.wcu / REQUESTS, 2) },
  };
}

export async function runScaleBench(stack: LocalStack, quick: boolean): Promise<ScaleReport> {
  const report = { builder: [], coldPage: [] } as unknown as ScaleReport;
  await builderAndColdPage(quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000], report);
  await herdAndMeter(stack, report, quick);
  // Last: the prompts it writes stay in the table.
  await libraryThroughDynamo(report, quick ? 10_000 : 100_000);
  return report;
}
