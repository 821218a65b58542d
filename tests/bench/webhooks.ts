import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, log, median, round } from './lib';

/**
 * Webhook fan-out (issue 31's goal: 1,000 webhooks on one workspace fan out without one DynamoDB
 * partition taking more than 1,000 writes/s). One workspace gets 1,000 webhooks on a loopback
 * receiver; each save of a prompt is one event that the `events` worker fans out (a pending
 * delivery per webhook, one queue message each) and the `webhook` worker delivers, both on the
 * stack's local queue in this process. Every DynamoDB request of the run is recorded (as the scale
 * section's partition meter does), and the writes are counted per partition: in total, per event,
 * and in the busiest second.
 */
export interface WebhooksReport {
  webhooks: number;
  events: number;
  deliveries: number;
  /** Deliveries that reached the receiver within WAIT_MS of their save (the rest are retried later, by backoff). */
  delivered: number;
  /** From a save to its last delivery at the receiver, s (median of the events fully delivered in time; null when none was). */
  fanOutP50: number | null;
  deliveriesPerSecond: number;
  partitions: number;
  /** The most-written partition: its writes per event and in its busiest second of the run. */
  busiest: { partition: string; writesPerEvent: number; peakWritesPerSecond: number };
  /** The workspace's own partition (webhook items, activity): writes and read units per event. */
  workspace: { writesPerEvent: number; readUnitsPerEvent: number };
}

const WEBHOOKS = 1_000;
/** How long an event's deliveries are waited for. A delivery that fails (a DynamoDB Local time-out on a loaded machine) is retried after its visibility time-out, minutes later. */
const WAIT_MS = 120_000;
const PASSWORD = 'bench-webhooks-password-1';

export async function runWebhooksBench(stack: LocalStack, admin: { email: string; password: string }, options: BenchOptions): Promise<WebhooksReport> {
  const { db } = await import('../../functions/lib/data/db');
  const { recordRequests, touchedKeys } = await import('../support/round-trips');
  const base = `${stack.url.replace('//localhost:', '//127.0.0.1:')}/api/v1`;
  const request = async (token: string, method: string, path: string, json?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const login = async (email: string, password: string) =>
    (
      (await (await fetch(`${base}/auth/login`, { method: 'POST', body: new URLSearchParams({ username: email, password }) })).json()) as {
        access_token: string;
      }
    ).access_token;

  // The receiver: answers 204 at once and notes when each delivery arrived.
  const arrivals: number[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  try {
    const adminToken = await login(admin.email, admin.password);
    const email = `bench-webhooks-${Date.now()}@bench.local`;
    await request(adminToken, 'POST', '/admin/users', { email, password: PASSWORD, access_tier: 'elite' });
    const token = await login(email, PASSWORD);
    const prompt = await request(token, 'POST', '/prompts/', { title: 'Bench webhooks', body: 'Version 1 of [INPUT: topic].' });

    log(`  webhooks: creating ${WEBHOOKS} webhooks on one workspace...`);
    for (let i = 0; i < WEBHOOKS; i += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, WEBHOOKS - i) }, () => request(token, 'POST', '/webhooks', { url: hookUrl, events: ['prompt.version.created'] })),
      );

    const recorder = recordRequests(db);
    const outputs = new WeakMap<object, unknown>();
    db.middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        outputs.set(args.input as object, result.output);
        return result;
      },
      { step: 'deserialize', name: 'benchWebhookOutputs' },
    );
    recorder.take();
    const events = options.quick ? 2 : 5;
    const fanOuts: number[] = [];
    let delivered = 0;
    const started = performance.now();
    for (let e = 0; e < events; e++) {
      log(`  webhooks: save ${e + 1} of ${events}, fanning out to ${WEBHOOKS}...`);
      const before = arrivals.length;
      const saved = performance.now();
      await request(token, 'PUT', `/prompts/${prompt.id}`, { title: 'Bench webhooks', body: `Version ${e + 2} of [INPUT: topic].` });
      while (arrivals.length < before + WEBHOOKS && performance.now() - saved < WAIT_MS) await new Promise((resolve) => setTimeout(resolve, 50));
      const arrived = Math.min(arrivals.length - before, WEBHOOKS);
      delivered += arrived;
      if (arrived === WEBHOOKS) fanOuts.push(arrivals[before + WEBHOOKS - 1]! - saved);
      else log(`  webhooks: ${arrived} of ${WEBHOOKS} delivered within ${WAIT_MS / 1000} s`);
    }
    const elapsed = performance.now() - started;
    // Let the workers record their last attempts before counting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sent = recorder.take();

    const writes = new Map<string, number>();
    const perSecond = new Map<string, number>();
    let workspaceReadUnits = 0;
    const workspacePk = sent
      .map((s) => touchedKeys([s]))
      .find((keys) => keys.some((k) => k.startsWith('USER#')))
      ?.find((k) => k.startsWith('USER#'));
    for (const s of sent) {
      const keys = touchedKeys([s]);
      if (s.command === 'Query' || s.command === 'GetItem' || s.command === 'BatchGetItem') {
        if (workspacePk && keys.includes(workspacePk)) {
          const output = outputs.get(s.input) as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> } | undefined;
          const items = output?.Items ?? (output?.Item ? [output.Item] : Object.values(output?.Responses ?? {}).flat());
          workspaceReadUnits += Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(items)) / 4096));
        }
        continue;
      }
      const factor = s.command === 'TransactWriteItems' ? 2 : 1;
      const second = Math.floor(s.start / 1000);
      for (const pk of keys) {
        writes.set(pk, (writes.get(pk) ?? 0) + factor);
        perSecond.set(`${pk}\0${second}`, (perSecond.get(`${pk}\0${second}`) ?? 0) + factor);
      }
    }
    const peak = new Map<string, number>();
    for (const [key, n] of perSecond) {
      const pk = key.split('\0')[0]!;
      peak.set(pk, Math.max(peak.get(pk) ?? 0, n));
    }
    const [busiestPk, busiestWrites] = [...writes].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
    const label = (pk: string) => (pk === workspacePk ? 'the workspace (USER#…)' : pk.replace(/#.*/, '#…'));
    return {
      webhooks: WEBHOOKS,
      events,
      deliveries: events * WEBHOOKS,
      delivered,
      fanOutP50: fanOuts.length ? round(median(fanOuts) / 1000, 1) : null,
      deliveriesPerSecond: round(delivered / (elapsed / 1000), 0),
      partitions: writes.size,
      busiest: { partition: label(busiestPk), writesPerEvent: round(busiestWrites / events, 1), peakWritesPerSecond: peak.get(busiestPk) ?? 0 },
      workspace: { writesPerEvent: round((writes.get(workspacePk ?? '') ?? 0) / events, 1), readUnitsPerEvent: round(workspaceReadUnits / events, 0) },
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
}
