import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, benchClient, log, median, round } from './lib';

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
  /** Read units (4 KB strongly read, half that eventually) per event on each webhook's own partition (`HOOK#<id>`). */
  webhookPartitionReadUnitsPerEvent: number;
  /** Delivery attempts seen (the webhook worker's per-delivery reads are counted per attempt, times 1,000 for an event). */
  attempts: number;
  /** The partition read most, and its read units per event. */
  busiestRead: { partition: string; readUnitsPerEvent: number };
}

const WEBHOOKS = 1_000;
/** How long an event's deliveries are waited for. A delivery that fails (a DynamoDB Local time-out on a loaded machine) is retried after its visibility time-out, minutes later. */
const WAIT_MS = 120_000;
const PASSWORD = 'bench-webhooks-password-1';

export async function runWebhooksBench(stack: LocalStack, admin: { email: string; password: string }, options: BenchOptions): Promise<WebhooksReport> {
  const { db } = await import('../../functions/lib/data/db');
  const { recordRequests, touchedKeys } = await import('../support/round-trips');
  const { request, login, elite } = benchClient(stack.url);

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
    const { token } = await elite(adminToken, email, PASSWORD);
    const prompt = await request(token, 'POST', '/prompts/', { title: 'Bench webhooks', body: 'Version 1 of [INPUT: topic].' });

    log(`  webhooks: creating ${WEBHOOKS} webhooks on one workspace...`);
    // Each create moves the workspace's count in a transaction: a few at once, a 503 (a time-out on a loaded machine) tried again.
    const createOne = async (): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await request(token, 'POST', '/webhooks', { url: hookUrl, events: ['prompt.version.created'] });
          return;
        } catch (error) {
          if (attempt === 5 || !/: 503 /.test((error as Error).message)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    };
    for (let i = 0; i < WEBHOOKS; i += 5) await Promise.all(Array.from({ length: Math.min(5, WEBHOOKS - i) }, createOne));

    const recorder = recordRequests(db);
    // Reads with their answers (at the initialize step: the deserialize step does not see the output).
    const readLog: { command: string; input: Record<string, unknown>; output: Record<string, unknown> }[] = [];
    let logging = false;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        const command = (context.commandName ?? '').replace(/Command$/, '');
        if (logging && ['Query', 'GetItem', 'BatchGetItem'].includes(command))
          readLog.push({ command, input: args.input as Record<string, unknown>, output: result.output as Record<string, unknown> });
        return result;
      },
      { step: 'initialize', name: 'benchWebhookReads' },
    );
    logging = true;
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
    const workspacePk = sent
      .map((s) => touchedKeys([s]))
      .find((keys) => keys.some((k) => k.startsWith('USER#')))
      ?.find((k) => k.startsWith('USER#'));
    logging = false;
    // Read units (4 KB strongly read, half that eventually) per partition: those the webhook
    // worker spends per delivery attempt, and the rest (per event), so a run in which not every
    // delivery was attempted in time still gives the units an event to 1,000 webhooks costs.
    const units = (items: unknown[], strong: boolean) => Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(items)) / 4096)) * (strong ? 1 : 0.5);
    const perEvent = new Map<string, number>();
    const worker = { workspace: 0, own: 0 };
    let attempts = 0;
    const add = (pk: string, n: number) => perEvent.set(pk, (perEvent.get(pk) ?? 0) + n / events);
    for (const r of readLog) {
      const output = r.output as { Items?: unknown[]; Item?: Record<string, unknown>; Responses?: Record<string, Record<string, unknown>[]> };
      if (r.command === 'BatchGetItem') {
        const strong = Object.values((r.input.RequestItems ?? {}) as Record<string, { ConsistentRead?: boolean }>).some((t) => t.ConsistentRead);
        for (const item of Object.values(output.Responses ?? {}).flat()) add(String(item.pk), units([item], strong));
        continue;
      }
      const pk = touchedKeys([{ command: r.command, input: r.input, start: 0, end: 0 }])[0];
      if (!pk) continue;
      const n = units(output.Items ?? (output.Item ? [output.Item] : []), Boolean(r.input.ConsistentRead));
      const sk = String((r.input.Key as { sk?: string } | undefined)?.sk ?? '');
      // The webhook worker's reads: its delivery and its gate (its webhook's own partition), or its webhook item (the workspace's).
      if (r.command === 'GetItem' && sk.startsWith('XHOOK#')) worker.workspace += n;
      else if (r.command === 'GetItem' && (sk.startsWith('D#') || sk === 'GATE')) {
        worker.own += n;
        if (sk.startsWith('D#') && output.Item) attempts++;
      } else add(pk, n);
    }
    // An event is one delivery per webhook: the workspace's partition takes all 1,000, each webhook's its one.
    const perDelivery = (n: number) => n / Math.max(1, attempts);
    const workspaceReads = (perEvent.get(workspacePk ?? '') ?? 0) + perDelivery(worker.workspace) * WEBHOOKS;
    const webhookReads = perDelivery(worker.own);
    for (const s of sent) {
      const keys = touchedKeys([s]);
      if (s.command === 'Query' || s.command === 'GetItem' || s.command === 'BatchGetItem') continue;
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
    perEvent.set(workspacePk ?? 'none', workspaceReads);
    perEvent.set('HOOK#<each webhook>', Math.max(perEvent.get('HOOK#<each webhook>') ?? 0, webhookReads));
    const [mostReadPk, mostReadUnits] = [...perEvent].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
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
      workspace: {
        writesPerEvent: round((writes.get(workspacePk ?? '') ?? 0) / events, 1),
        readUnitsPerEvent: round(workspaceReads, 0),
      },
      webhookPartitionReadUnitsPerEvent: round(webhookReads, 1),
      attempts,
      busiestRead: { partition: label(mostReadPk), readUnitsPerEvent: round(mostReadUnits, 1) },
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
}
