import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalStack } from '../../infra/local/stack';
import { type BenchOptions, benchClient, log, median, round } from './lib';

/**
 * Webhook delivery latency (issue 31's goals: a delivery leaves within 1 s of the change at p50 on
 * one machine; a receiver that hangs or answers 500 never delays the save). Four workspaces on the
 * stack's local queue, saved in turn so the machine's load falls on all alike: one with a webhook
 * on a receiver that answers 204 at once, one with none, one whose receiver never answers, one
 * whose receiver answers 500. For the first, each DynamoDB request between the save and the
 * delivery is recorded, to show where the time goes: the save's answer, the `events` worker's
 * first write (the activity), its webhook list read, its pending deliveries written, the `webhook`
 * worker's first read, and the delivery's arrival.
 */
export interface WebhookLatencyReport {
  /** The stack's first change (a prompt created) to its delivery, ms: the workers' modules load on their first message unless warmed at start. */
  firstDeliveryMs: number | null;
  saves: number;
  /** From the save's request to the delivery's arrival at the receiver, ms. */
  deliveryP50: number;
  /** From the save's answer to the arrival, ms. */
  afterAnswerP50: number;
  /** Median ms from the save's request to each step (null when the step was not seen). */
  steps: { step: string; p50: number | null }[];
  /** Save p50 (PUT /prompts/{id}), ms, side by side. */
  save: { noWebhook: number; hanging: number; failing: number };
}

const PASSWORD = 'bench-latency-password-1';

export async function runWebhookLatencyBench(
  stack: LocalStack,
  admin: { email: string; password: string },
  options: BenchOptions,
): Promise<WebhookLatencyReport> {
  const { db } = await import('../../functions/lib/data/db');
  const { recordRequests, touchedItemKeys, touchedKeys } = await import('../support/round-trips');
  const { request, login, elite } = benchClient(stack.url);

  const arrivals: number[] = [];
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/hang') return; // never answers
      if (req.url === '/ok') arrivals.push(performance.now());
      res.writeHead(req.url === '/fail' ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const at = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;

  try {
    const adminToken = await login(admin.email, admin.password);
    const workspace = async (name: string, hookPath: string | null) => {
      const email = `bench-latency-${name}-${Date.now()}@bench.local`;
      const { id, token } = await elite(adminToken, email, PASSWORD);
      const hook = hookPath ? await request(token, 'POST', '/webhooks', { url: at(hookPath), events: ['prompt.version.created'] }) : null;
      const createdAt = performance.now();
      const prompt = await request(token, 'POST', '/prompts/', { title: `Latency ${name}`, body: 'Version 1.' });
      let n = 1;
      const save = async () => {
        const started = performance.now();
        await request(token, 'PUT', `/prompts/${prompt.id}`, { title: `Latency ${name}`, body: `Version ${++n}.` });
        return { started, answered: performance.now() };
      };
      return Object.assign(save, { pk: `USER#${id}`, hookId: String(hook?.id), createdAt });
    };
    const waitFor = async (count: number) => {
      const since = performance.now();
      while (arrivals.length < count && performance.now() - since < 30_000) await new Promise((resolve) => setTimeout(resolve, 2));
      return arrivals[count - 1];
    };
    // The first change of the stack's life: its prompt's creation, delivered by workers that may not have run yet.
    const hooked = await workspace('hooked', '/ok');
    const firstArrival = await waitFor(1);
    const firstDeliveryMs = firstArrival === undefined ? null : round(firstArrival - hooked.createdAt, 0);
    const [plain, hanging, failing] = [await workspace('plain', null), await workspace('hanging', '/hang'), await workspace('failing', '/fail')];
    // Warm every path (handlers loaded, connections open).
    for (const save of [hooked, plain, hanging, failing]) await save();
    await waitFor(2);

    const recorder = recordRequests(db);
    const saves = options.quick ? 9 : 21;
    const deliveries: number[] = [];
    const afterAnswer: number[] = [];
    const stepTimes = new Map<string, number[]>();
    const note = (step: string, ms: number | undefined) => {
      if (ms !== undefined) stepTimes.set(step, [...(stepTimes.get(step) ?? []), ms]);
    };
    const times = { noWebhook: [] as number[], hanging: [] as number[], failing: [] as number[] };
    log(`  webhook latency: ${saves} saves of each workspace, in turn...`);
    for (let i = 0; i < saves; i++) {
      const expected = arrivals.length + 1;
      recorder.take();
      const { started, answered } = await hooked();
      const arrived = await waitFor(expected);
      // Let the worker record its attempt before the next save.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = recorder.take();
      if (arrived !== undefined) {
        deliveries.push(arrived - started);
        afterAnswer.push(arrived - answered);
        note('save answered', answered - started);
        const first = (test: (s: (typeof sent)[number]) => boolean, edge: 'start' | 'end') => {
          const found = sent.find((s) => s.start >= started && test(s));
          return found ? found[edge] - started : undefined;
        };
        // Only the hooked workspace's requests: the other workspaces' retries run meanwhile.
        const mine = (s: (typeof sent)[number]) => touchedItemKeys([s]).filter((k) => k.pk === hooked.pk || k.pk === `HOOK#${hooked.hookId}`);
        note(
          'events worker: activity written',
          first((s) => mine(s).some((k) => k.sk.startsWith('XACT#')), 'end'),
        );
        note(
          'events worker: webhook list read',
          first((s) => s.command === 'Query' && touchedKeys([s]).includes(hooked.pk) && JSON.stringify(s.input).includes('XHOOK#'), 'end'),
        );
        note(
          'events worker: deliveries written',
          first((s) => s.command === 'BatchWriteItem' && mine(s).some((k) => k.sk.startsWith('D#')), 'end'),
        );
        note(
          'webhook worker: first read',
          first((s) => s.command === 'GetItem' && mine(s).some((k) => k.sk === 'GATE' || k.sk.startsWith('XHOOK#') || k.sk.startsWith('D#')), 'start'),
        );
        note('delivery arrived', arrived - started);
      }
      // Each in turn goes first, so the others' background work falls on all alike.
      const order = [
        ['noWebhook', plain],
        ['hanging', hanging],
        ['failing', failing],
      ] as const;
      for (let k = 0; k < order.length; k++) {
        const [name, save] = order[(i + k) % order.length]!;
        const t = await save();
        times[name].push(t.answered - t.started);
      }
    }
    const steps = [
      'save answered',
      'events worker: activity written',
      'events worker: webhook list read',
      'events worker: deliveries written',
      'webhook worker: first read',
      'delivery arrived',
    ];
    return {
      firstDeliveryMs,
      saves,
      deliveryP50: round(median(deliveries), 0),
      afterAnswerP50: round(median(afterAnswer), 0),
      steps: steps.map((step) => ({ step, p50: stepTimes.get(step)?.length ? round(median(stepTimes.get(step)!), 0) : null })),
      save: { noWebhook: round(median(times.noWebhook), 0), hanging: round(median(times.hanging), 0), failing: round(median(times.failing), 0) },
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
}
