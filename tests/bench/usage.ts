import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, log, median, percentile, ROOT, round } from './lib';

/**
 * Counting's cost (issue 30's goals: counting adds at most 1 ms to a compile at p50, and with
 * 10,000 compiles a second of one prompt no partition takes over 1,000 writes a second).
 *
 * The real registry compile handler runs in this process on DynamoDB Local, every DynamoDB
 * request recorded on the handlers' shared client:
 * - **What counting adds to a compile**: the answer waits only for `recordUsage`, which adds to a
 *   buffer; its writes go out after the answer. Timed as the synchronous call it is (p50, p99 µs),
 *   and checked: no usage write is sent before a compile's handler returns.
 * - **Partition meter**: compiles of one prompt with an API key. Writes: each compile's usage
 *   flushed on its own, as if every compile came to a different container (nothing merges: the
 *   worst case). Reads: compiles back to back, as a busy container serves them (hot items are kept
 *   a second, data/hot-reads.ts). Each partition's share per compile, times 10,000 compiles a
 *   second, is its rate at that load, with containers as busy as this process; DynamoDB's limits
 *   per partition are 1,000 WCU and 3,000 RCU a second.
 */
export interface UsageBenchReport {
  compiles: number;
  compileP50Ms: number;
  recordUsageP50Us: number;
  recordUsageP99Us: number;
  usageWritesBeforeAnswer: number;
  partitions: { partition: string; writesPerSecond: number; readUnitsPerSecond: number }[];
  busiestWrites: { partition: string; writesPerSecond: number };
  busiestReads: { partition: string; readUnitsPerSecond: number };
  /** Compiles a second this process served back to back: the read projection assumes containers this busy. */
  containerRate: number;
}

const PASSWORD = 'bench-usage-password-1';
const RATE = 10_000;

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** A partition key as the report names it: ids and hours replaced by their kind. */
const shapeOf = (pk: string) =>
  pk
    .replace(/USER#[\w-]+/g, 'USER#<user>')
    .replace(/#[0-9a-f]{8}-[\w-]+/g, '#<id>')
    .replace(/#\d{4}-\d{2}-\d{2}T\d{2}/, '#<hour>');

export async function runUsageBench(stack: LocalStack, options: BenchOptions): Promise<UsageBenchReport> {
  void stack;
  const { matchRoute } = await import('../../shared/routes');
  const { invoke } = await import('../support/events');
  const { recordRequests, touchedKeys } = await import('../support/round-trips');
  const { db } = await import('../../functions/lib/data/db');
  const { recordUsage, flushUsage } = await import('../../functions/lib/use-cases/usage');
  const { createUser } = await import('../../functions/lib/data/users');
  const { hashPassword } = await import('../../functions/lib/services/passwords');

  process.env.JWT_SECRET ??= 'bench';
  const handlers = new Map<string, Handler>();
  const call = async (method: string, path: string, input: { token?: string; json?: unknown; form?: Record<string, string> } = {}) => {
    const match = matchRoute(method, path);
    if (!match || !('route' in match)) throw new Error(`No route for ${method} ${path}`);
    const name = match.route.handler;
    if (!handlers.has(name)) handlers.set(name, (await import(join(ROOT, 'functions', `${name}.ts`))).handler as Handler);
    const reply = await invoke(handlers.get(name)!, { method, path, ...input });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

  const email = `bench-usage-${Date.now()}@bench.local`;
  const user = await createUser({
    email,
    password_hash: await hashPassword(PASSWORD),
    first_name: 'Bench',
    last_name: 'Usage',
    is_admin: false,
    access_tier: 'free',
  });
  const { access_token: token } = await call('POST', '/auth/login', { form: { username: email, password: PASSWORD } });
  const prompt = await call('POST', '/prompts/', { token, json: { title: 'Counted', body: 'Write about [INPUT: topic].' } });
  await call('PUT', `/prompts/${prompt.id}/labels/production`, { token, json: { version: 1 } });
  const { key } = await call('POST', '/api-keys', { token, json: { name: 'bench', password: PASSWORD } });
  const compile = () => call('POST', `/registry/prompts/${prompt.slug}/compile`, { token: key, json: { variables: { topic: 'tides' }, label: 'production' } });

  // Warm the handler and the SDK's connections.
  for (let i = 0; i < 50; i++) await compile();
  await flushUsage();

  const recorder = recordRequests(db);
  const outputs = new WeakMap<object, unknown>();
  db.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      outputs.set(args.input as object, result.output);
      return result;
    },
    { step: 'deserialize', name: 'usageBenchOutputs' },
  );

  const compiles = options.quick ? 1_000 : 10_000;
  const unitsOf = (sent: ReturnType<typeof recorder.take>, into: { writes: Map<string, number>; reads: Map<string, number> }) => {
    for (const s of sent) {
      const keys = touchedKeys([s]).map(shapeOf);
      if (['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'].includes(s.command)) {
        for (const pk of keys) into.writes.set(pk, (into.writes.get(pk) ?? 0) + (s.command === 'TransactWriteItems' ? 2 : 1));
        continue;
      }
      // Reads: 4 KB units of what came back, half when eventually consistent.
      const output = outputs.get(s.input) as { Item?: unknown; Items?: unknown[]; Responses?: Record<string, unknown[]> } | undefined;
      const returned = output?.Item ? [output.Item] : (output?.Items ?? Object.values(output?.Responses ?? {}).flat());
      const strong = Boolean(s.input.ConsistentRead) || JSON.stringify(s.input.RequestItems ?? {}).includes('"ConsistentRead":true');
      const units = Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(returned)) / 4096)) * (strong ? 1 : 0.5);
      for (const pk of new Set(keys)) into.reads.set(pk, (into.reads.get(pk) ?? 0) + units / keys.length);
    }
  };

  // Writes, worst case: every compile's usage written on its own, as if each came to another container.
  log(`  usage: ${compiles.toLocaleString('en')} compiles of one prompt, each one's usage written on its own...`);
  const alone = { writes: new Map<string, number>(), reads: new Map<string, number>() };
  let usageWritesBeforeAnswer = 0;
  recorder.take();
  for (let i = 0; i < compiles; i++) {
    await compile();
    const beforeAnswer = recorder.take();
    usageWritesBeforeAnswer += beforeAnswer.filter((s) => s.command === 'UpdateItem' && touchedKeys([s]).some((pk) => pk.startsWith('USAGE#'))).length;
    await flushUsage();
    unitsOf([...beforeAnswer, ...recorder.take()], alone);
  }

  // Reads: compiles back to back, as one busy container serves them (its writes merge as they do deployed).
  log(`  usage: ${compiles.toLocaleString('en')} compiles back to back...`);
  const busy = { writes: new Map<string, number>(), reads: new Map<string, number>() };
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < compiles; i++) {
    const t = performance.now();
    await compile();
    times.push(performance.now() - t);
  }
  const containerRate = compiles / ((performance.now() - started) / 1000);
  await flushUsage();
  unitsOf(recorder.take(), busy);

  // What a compile waits for: the synchronous recordUsage call.
  const workspace = `USER#${user.id}` as never;
  const record: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const t = process.hrtime.bigint();
    recordUsage({
      workspace,
      prompt_id: prompt.id,
      version: 1,
      label: 'production',
      channel: 'registry',
      kind: 'compile',
      latency_ms: i % 40,
      api_key_id: 'bench-key',
    });
    record.push(Number(process.hrtime.bigint() - t) / 1000);
    if (i % 1000 === 999) await flushUsage();
  }
  await flushUsage();

  // Shards keep their number in the name: each of an hour's 16 is its own partition.
  const names = new Set([...alone.writes.keys(), ...busy.reads.keys()]);
  const partitions = [...names]
    .map((partition) => ({
      partition,
      writesPerSecond: Math.round(((alone.writes.get(partition) ?? 0) / compiles) * RATE),
      readUnitsPerSecond: Math.round(((busy.reads.get(partition) ?? 0) / compiles) * RATE),
    }))
    .sort((a, b) => b.writesPerSecond - a.writesPerSecond || b.readUnitsPerSecond - a.readUnitsPerSecond);
  const busiest = partitions[0] ?? { partition: 'none', writesPerSecond: 0 };
  const busiestReads = [...partitions].sort((a, b) => b.readUnitsPerSecond - a.readUnitsPerSecond)[0] ?? { partition: 'none', readUnitsPerSecond: 0 };
  return {
    compiles,
    compileP50Ms: round(median(times), 2),
    recordUsageP50Us: round(median(record), 1),
    recordUsageP99Us: round(percentile(record, 0.99), 1),
    usageWritesBeforeAnswer,
    partitions,
    busiestWrites: { partition: busiest.partition, writesPerSecond: busiest.writesPerSecond },
    busiestReads: { partition: busiestReads.partition, readUnitsPerSecond: busiestReads.readUnitsPerSecond },
    containerRate: Math.round(containerRate),
  };
}
