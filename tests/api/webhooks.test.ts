import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, newAccount } from '../support/api';
import { mailTo } from '../support/mail';
import { startOwnStack } from '../support/own-stack';
import type { Sent } from '../support/round-trips';

/**
 * Webhooks (issue 31) end to end on a stack of this file's own, whose retry clock is shrunk
 * (backoff from 1 s, a 6-second window instead of 24 hours, a 1.5 s time-out): deliveries go
 * through the `events` and `webhook` workers on the local queue to a receiver on loopback, which
 * verifies each signature with the Standard Webhooks library.
 */
process.env.WEBHOOK_RETRY_BASE_SECONDS = '1';
process.env.WEBHOOK_RETRY_WINDOW_SECONDS = '6';
process.env.WEBHOOK_TIMEOUT_MS = '1500';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
let stack: Awaited<ReturnType<typeof startOwnStack>>;
let base: string;
let receiver: Server;
let target: string;
const received: Received[] = [];
/** Paths answering 500 until taken off. */
const failing = new Set<string>(['/fail']);

async function account(first_name = 'Hook', last_name = 'Owner') {
  const acc = newAccount({ first_name, last_name });
  const made = await call('POST', '/auth/register', { base, json: acc });
  const token = (await call('POST', '/auth/login', { base, form: { username: acc.email, password: acc.password } })).body.access_token as string;
  return { ...acc, id: made.body.id as string, token };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  stack = await startOwnStack();
  base = `${stack.url}/api/v1`;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, at: Date.now() });
      if (path.startsWith('/hang')) return; // never answers
      res.writeHead(failing.has(path) ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
  await stack?.stop();
});

/** DynamoDB requests of this process (stack, workers and all), recorded from the first call on (one recorder per client). */
let recorder: Promise<{ take(): Sent[] }> | undefined;
const recording = () =>
  (recorder ??= Promise.all([import('../support/round-trips'), import('../../functions/lib/data/db')]).then(([{ recordRequests }, { db }]) =>
    recordRequests(db),
  ));
const hook = (token: string, json: unknown, path = '/webhooks') => call('POST', path, { base, token, json });
const deliveries = async (token: string, id: string) => (await call('GET', `/webhooks/${id}/deliveries`, { base, token })).body.deliveries as any[];

describe('webhooks', () => {
  it('sign each delivery per Standard Webhooks, verified by the receiver with the library, and log it', async () => {
    const owner = await account();
    const made = await hook(owner.token, { url: `${target}/ok`, events: ['prompt.version.created', 'prompt.label.moved'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ id: expect.any(String), url: `${target}/ok`, format: 'json', active: true, failing_since: null });
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is shown once: never listed.
    const listed = (await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks;
    expect(listed).toEqual([expect.objectContaining({ id: made.body.id })]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const before = received.length;
    const savedAt = Date.now();
    const prompt = await call('POST', '/prompts/', { base, token: owner.token, json: { title: 'Hooked', body: 'Hello [INPUT: who].' } });
    expect(prompt.status).toBe(201);
    const got = await until('the delivery', () => received.slice(before).find((r) => r.path === '/ok'));
    const verified = new Verifier(made.body.secret).verify(got.body, got.headers as Record<string, string>) as any;
    expect(verified).toMatchObject({
      type: 'prompt.version.created',
      timestamp: expect.any(String),
      data: { prompt_id: prompt.body.id, prompt_title: 'Hooked', version: 1, actor: { name: 'Hook Owner' }, workspace: { personal: true } },
    });
    expect(JSON.stringify(verified)).not.toContain(owner.id);
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    // A body changed on the way, or another secret, does not verify.
    expect(() => new Verifier(made.body.secret).verify(got.body.replace('Hooked', 'Hacked'), got.headers as Record<string, string>)).toThrow();
    expect(() => new Verifier(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers as Record<string, string>)).toThrow();
    console.info(`[bench] change to delivery: ${got.at - savedAt} ms (one machine, loaded)`);

    const [logged] = await until('the logged delivery', async () => {
      const list = await deliveries(owner.token, made.body.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(logged).toMatchObject({
      id: got.headers['webhook-id'],
      event_type: 'prompt.version.created',
      status: 'delivered',
      attempts: 1,
      response_code: 204,
      duration_ms: expect.any(Number),
      error: null,
    });

    // An event it did not ask for sends nothing; a paused webhook gets nothing.
    const paused = await call('PUT', `/webhooks/${made.body.id}`, { base, token: owner.token, json: { active: false } });
    expect(paused.status).toBe(200);
    expect(paused.body.active).toBe(false);
    const quiet = received.length;
    await call('PUT', `/prompts/${prompt.body.id}`, { base, token: owner.token, json: { title: 'Hooked', body: 'Hello again [INPUT: who].' } });
    await call('POST', `/prompts/${prompt.body.id}/share`, { base, token: owner.token });
    await until('the events', async () => ((await call('GET', '/activity', { base, token: owner.token })).body.events.length >= 3 ? true : undefined));
    await sleep(500);
    expect(received.length).toBe(quiet);
  });

  it("send each delivery from the fan-out's one list read: the worker reads its webhook's gate, not the workspace; a change after the message was queued is read again", async () => {
    const { personalPk } = await import('../../functions/lib/data/keys');
    const { getDelivery, restartDelivery } = await import('../../functions/lib/data/webhook-deliveries');
    const { getWebhook, targetOf } = await import('../../functions/lib/data/webhooks');
    const { deliver } = await import('../../functions/lib/use-cases/webhook-delivery');
    const { touchedItemKeys } = await import('../support/round-trips');
    const owner = await account('Quinn', 'Queued');
    const workspace = personalPk(owner.id);
    const made = await hook(owner.token, { url: `${target}/first`, events: ['prompt.version.created'] });
    const id = made.body.id as string;

    const recorder = await recording();
    recorder.take();
    const before = received.length;
    await call('POST', '/prompts/', { base, token: owner.token, json: { title: 'Queued', body: 'Once.' } });
    const got = await until('the delivery', () => received.slice(before).find((r) => r.path === '/first'));
    const deliveryId = String(got.headers['webhook-id']);
    await until('the attempt recorded', async () => ((await getDelivery(id, deliveryId)).status === 'delivered' ? true : undefined));
    const keys = touchedItemKeys(recorder.take());
    // The worker read the gate beside its delivery, and no webhook item of the workspace's partition.
    expect(keys).toContainEqual({ pk: `HOOK#${id}`, sk: 'GATE' });
    expect(keys.filter((k) => k.pk === workspace && k.sk.startsWith('XHOOK#'))).toEqual([]);

    // A message as the fan-out made it, handed to the worker again after each change below.
    const queued = { workspace, webhook_id: id, delivery_id: deliveryId, ...targetOf((await getWebhook(workspace, id))!) };
    expect(queued.target).toMatchObject({ url: `${target}/first`, rev: expect.any(String), failing: false });
    expect(JSON.stringify(queued)).not.toContain('whsec_');
    const sendsOf = async () => {
      await restartDelivery(id, deliveryId);
      const mark = received.length;
      await deliver(queued);
      return received.slice(mark).map((r) => r.path);
    };
    expect(await sendsOf()).toEqual(['/first']);
    // Re-pointed after it was queued: sent where the webhook points now.
    expect((await call('PUT', `/webhooks/${id}`, { base, token: owner.token, json: { url: `${target}/moved` } })).status).toBe(200);
    expect(await sendsOf()).toEqual(['/moved']);
    // Paused after it was queued: nothing is sent, and the delivery waits.
    expect((await call('PUT', `/webhooks/${id}`, { base, token: owner.token, json: { active: false } })).status).toBe(200);
    expect(await sendsOf()).toEqual([]);
    expect((await getDelivery(id, deliveryId)).status).toBe('pending');
    // Deleted after it was queued: nothing is sent, and the gate went with it.
    expect((await call('DELETE', `/webhooks/${id}`, { base, token: owner.token })).status).toBe(204);
    expect(await sendsOf()).toEqual([]);
    const { getItem } = await import('../../functions/lib/data/db');
    expect(await getItem({ pk: `HOOK#${id}`, sk: 'GATE' }, { consistent: true })).toBeUndefined();
    // Deleting the account deletes its webhooks' gates, outside its partition.
    const kept = (await hook(owner.token, { url: `${target}/first`, events: ['prompt.deleted'] })).body.id as string;
    expect(await getItem({ pk: `HOOK#${kept}`, sk: 'GATE' }, { consistent: true })).toBeDefined();
    expect((await call('DELETE', '/account', { base, token: owner.token, json: { password: owner.password } })).status).toBe(204);
    expect(await getItem({ pk: `HOOK#${kept}`, sk: 'GATE' }, { consistent: true })).toBeUndefined();
  });

  it('give a webhook made before gates its gate at its first fan-out, once: its deliveries then read the gate, not the webhook', async () => {
    const { db, getItem, TABLE } = await import('../../functions/lib/data/db');
    const { personalPk } = await import('../../functions/lib/data/keys');
    const { webhookKeys } = await import('../../functions/lib/data/webhooks');
    const { touchedItemKeys } = await import('../support/round-trips');
    const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const owner = await account('Olga', 'Older');
    const workspace = personalPk(owner.id);
    const id = (await hook(owner.token, { url: `${target}/older`, events: ['prompt.version.created'] })).body.id as string;
    // As the code before gates left it: no rev on the webhook, no gate.
    await db.send(new UpdateCommand({ TableName: TABLE, Key: webhookKeys.item(workspace, id), UpdateExpression: 'REMOVE rev' }));
    await db.send(new DeleteCommand({ TableName: TABLE, Key: webhookKeys.gate(id) }));
    const recorder = await recording();
    const sent = async (title: string) => {
      const before = received.length;
      recorder.take();
      await call('POST', '/prompts/', { base, token: owner.token, json: { title, body: 'Once.' } });
      await until(`the delivery of ${title}`, () => received.slice(before).find((r) => r.path === '/older'));
      await sleep(200); // the attempt's record, after the receiver's answer
      return recorder.take();
    };

    const first = await sent('First after the gate');
    const gate = await getItem(webhookKeys.gate(id), { consistent: true });
    const webhook = await getItem(webhookKeys.item(workspace, id), { consistent: true });
    expect(gate?.rev).toEqual(expect.any(String));
    expect(webhook?.rev).toBe(gate?.rev);
    // The fan-out wrote the gate with the webhook's rev in one transaction; the worker read the gate, not the webhook.
    const gateWrites = (requests: typeof first) =>
      requests.filter((r) => r.command === 'TransactWriteItems' && touchedItemKeys([r]).some((k) => k.pk === `HOOK#${id}` && k.sk === 'GATE'));
    expect(gateWrites(first)).toHaveLength(1);
    const webhookReads = (requests: typeof first) =>
      touchedItemKeys(requests.filter((r) => r.command === 'GetItem')).filter((k) => k.pk === workspace && k.sk === `XHOOK#${id}`);
    expect(webhookReads(first)).toEqual([]);
    expect(touchedItemKeys(first.filter((r) => r.command === 'GetItem'))).toContainEqual({ pk: `HOOK#${id}`, sk: 'GATE' });

    // The next event finds the gate: nothing written to it, the webhook not read.
    const second = await sent('Second after the gate');
    expect(gateWrites(second)).toEqual([]);
    expect(webhookReads(second)).toEqual([]);
    expect((await getItem(webhookKeys.gate(id), { consistent: true }))?.rev).toBe(gate?.rev);
  });

  it('send Slack-format test deliveries on request', async () => {
    const owner = await account();
    const made = await hook(owner.token, { url: `${target}/slack`, events: ['prompt.deleted'], format: 'slack' });
    const test = await call('POST', `/webhooks/${made.body.id}/test`, { base, token: owner.token });
    expect(test.status).toBe(202);
    expect(test.body.delivery).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const got = await until('the test delivery', () => received.find((r) => r.path === '/slack' && r.headers['webhook-id'] === test.body.delivery.id));
    expect(new Verifier(made.body.secret).verify(got.body, got.headers as Record<string, string>)).toEqual({ text: 'Construct: this webhook works.' });
  });

  it('retry a failing receiver with growing gaps, then fail it, mail the owner once, and tell the feed; redeliver sends the same id again', async () => {
    const owner = await account('Fay', 'Failing');
    const made = await hook(owner.token, { url: `${target}/fail`, events: ['prompt.version.created'] });
    const before = received.length;
    await call('POST', '/prompts/', { base, token: owner.token, json: { title: 'Retried', body: 'Once.' } });
    const [failed] = await until('the failed delivery', async () => {
      const list = await deliveries(owner.token, made.body.id);
      return list[0]?.status === 'failed' ? list : undefined;
    });
    const attempts = received.slice(before).filter((r) => r.path === '/fail');
    // Attempts at 0, +1 s, +3 s; the next (+9 s) would pass the 6-second window.
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id']))).toEqual(new Set([failed.id]));
    const gaps = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_900);
    expect(gaps[1]).toBeGreaterThan(gaps[0]! * 2);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, response_code: 500, error: 'The receiver answered 500.', next_attempt_at: null });

    const mails = await until('the failing mail', async () => {
      const list = (await mailTo(owner.email, stack.mail.url)).filter((m) => /webhook is failing/.test(m.subject));
      return list.length ? list : undefined;
    });
    expect(mails[0]!.text).toContain(`${target}/fail`);
    const listed = (await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks[0];
    expect(listed.failing_since).toEqual(expect.any(String));
    const feed = await until('webhook.failing', async () =>
      (await call('GET', '/activity', { base, token: owner.token })).body.events.find((e: any) => e.type === 'webhook.failing'),
    );
    expect(feed).toMatchObject({ webhook_id: made.body.id, actor: { name: 'Construct' } });

    // A second failure in the same spell mailing no one: the clock-driven test below.

    // The receiver is fixed: a redelivery sends the same webhook-id and body, and clears the failing mark.
    failing.delete('/fail');
    const again = await call('POST', `/webhooks/${made.body.id}/deliveries/${failed.id}/redeliver`, { base, token: owner.token });
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ id: failed.id, status: 'pending' });
    const redelivered = await until('the redelivery', () => received.find((r) => r.headers['webhook-id'] === failed.id && r.at > attempts[2]!.at + 100));
    expect(redelivered.body).toBe(attempts[0]!.body);
    await until('delivered', async () =>
      (await deliveries(owner.token, made.body.id)).find((d) => d.id === failed.id)?.status === 'delivered' ? true : undefined,
    );
    expect((await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks[0].failing_since).toBeNull();
    expect((await call('POST', `/webhooks/${made.body.id}/deliveries/msg_nope/redeliver`, { base, token: owner.token })).status).toBe(404);
  });

  it('keep the real schedule, the clock driven rather than waited: 5 s, 15 s, … at most 6 hours apart for 24 hours, then failed and the owner mailed once a failing spell', async () => {
    const { deliver } = await import('../../functions/lib/use-cases/webhook-delivery');
    const { localQueueTransport, setLocalQueueTransport } = await import('../../functions/lib/services/queue-transport');
    const owner = await account('Sam', 'Schedule');
    const made = await hook(owner.token, { url: `${target}/down`, events: ['prompt.version.created'] });
    const id = made.body.id as string;
    failing.add('/down');
    // This webhook's messages are held here and handed to the worker's code at the times they name.
    const queue = localQueueTransport()!;
    const held: any[] = [];
    setLocalQueueTransport({
      send: (worker, messages) =>
        worker === 'webhook' && messages.every((m) => JSON.parse(m.body).webhook_id === id)
          ? messages.map((m) => String(held.push(JSON.parse(m.body))))
          : queue.send(worker, messages),
    });
    const shrunk = [process.env.WEBHOOK_RETRY_BASE_SECONDS, process.env.WEBHOOK_RETRY_WINDOW_SECONDS];
    delete process.env.WEBHOOK_RETRY_BASE_SECONDS;
    delete process.env.WEBHOOK_RETRY_WINDOW_SECONDS;
    const failingMails = async () => (await mailTo(owner.email, stack.mail.url)).filter((m) => /webhook is failing/.test(m.subject)).length;
    /** A test delivery sent now, then every message it leads to, each at its due time: the seconds of each attempt after the first. */
    const spell = async () => {
      const delivery = (await call('POST', `/webhooks/${id}/test`, { base, token: owner.token })).body.delivery;
      vi.useFakeTimers({ toFake: ['Date'], now: vi.getRealSystemTime() });
      const attempts: number[] = [];
      try {
        for (let message = held.shift(); message; message = held.shift()) {
          if (message.due_at) vi.setSystemTime(message.due_at);
          const before = received.length;
          await deliver(message);
          if (received.slice(before).some((r) => r.headers['webhook-id'] === delivery.id)) attempts.push(Date.now());
        }
      } finally {
        vi.useRealTimers();
      }
      return { id: delivery.id as string, gaps: attempts.map((t) => Math.round((t - attempts[0]!) / 1000)) };
    };
    try {
      const first = await spell();
      // base × 3^(n−1) s apart, at most 6 hours; the next would fall past 24 hours (86,400 s).
      expect(first.gaps).toEqual([0, 5, 20, 65, 200, 605, 1_820, 5_465, 16_400, 38_000, 59_600, 81_200]);
      const [logged] = await deliveries(owner.token, id);
      expect(logged).toMatchObject({ id: first.id, status: 'failed', attempts: 12, response_code: 500, next_attempt_at: null });
      await until('the failing mail', async () => ((await failingMails()) === 1 ? true : undefined));
      // Another delivery failing for good in the same spell mails no one.
      expect((await spell()).gaps).toHaveLength(12);
      await sleep(300);
      expect(await failingMails()).toBe(1);
      // A delivery that succeeds ends the spell; the next failing spell mails once more.
      failing.delete('/down');
      expect((await spell()).gaps).toEqual([0]);
      expect((await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks[0].failing_since).toBeNull();
      failing.add('/down');
      expect((await spell()).gaps).toHaveLength(12);
      await until("the second spell's mail", async () => ((await failingMails()) === 2 ? true : undefined));
    } finally {
      setLocalQueueTransport(queue);
      [process.env.WEBHOOK_RETRY_BASE_SECONDS, process.env.WEBHOOK_RETRY_WINDOW_SECONDS] = shrunk;
      failing.delete('/down');
    }
  });

  it('never delays the change: a receiver that hangs is cut at the time-out in the background', async () => {
    const [plainOwner, hungOwner] = [await account(), await account()];
    const saver = async (owner: { token: string }) => {
      const id = (await call('POST', '/prompts/', { base, token: owner.token, json: { title: 'Timed', body: 'Quick.' } })).body.id as string;
      return async () => {
        const started = performance.now();
        const reply = await call('PUT', `/prompts/${id}`, { base, token: owner.token, json: { title: 'Timed', body: `Quick ${Math.random()}.` } });
        expect(reply.status).toBe(204);
        return performance.now() - started;
      };
    };
    const made = await hook(hungOwner.token, { url: `${target}/hang`, events: ['prompt.version.created'] });
    const [savePlain, saveHung] = [await saver(plainOwner), await saver(hungOwner)];
    await Promise.all([savePlain(), saveHung()]); // warm both paths
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const plain: number[] = [];
    const hung: number[] = [];
    // Side by side, interleaved: the machine's load falls on both alike.
    for (let i = 0; i < 7; i++) {
      plain.push(await savePlain());
      hung.push(await saveHung());
    }
    console.info(`[bench] save p50 without a webhook ${median(plain).toFixed(0)} ms, with a hanging one ${median(hung).toFixed(0)} ms`);
    // The 1.5 s time-out is never waited for by the save.
    expect(Math.max(...hung)).toBeLessThan(1_500);
    const list = await until('a timed-out attempt', async () => {
      const found = (await deliveries(hungOwner.token, made.body.id)).filter((d) => d.attempts > 0);
      return found.length ? found : undefined;
    });
    expect(list[0]).toMatchObject({ response_code: null, error: 'No answer within 2 s.' });
    expect(list[0].duration_ms).toBeGreaterThanOrEqual(1_400);
    await call('DELETE', `/webhooks/${made.body.id}`, { base, token: hungOwner.token });
  });

  it("refuse bad input with 400 and a detail, changing nothing; another workspace's webhook is 404", async () => {
    const owner = await account();
    const bad: [unknown, RegExp][] = [
      [{ url: `${target}/x`, events: ['prompt.exploded'] }, /events: each is one of/],
      [{ url: `${target}/x`, events: [] }, /at least one event/],
      [{ url: 'not a url', events: ['prompt.deleted'] }, /absolute URL/],
      [{ url: 'ftp://example.com/x', events: ['prompt.deleted'] }, /url/],
      [{ url: 'http://10.0.0.7/hook', events: ['prompt.deleted'] }, /private/],
      [{ url: 'http://169.254.169.254/latest', events: ['prompt.deleted'] }, /link-local or metadata/],
      [{ url: `${target}/x`, events: ['prompt.deleted'], format: 'xml' }, /format must be one of/],
      [{ url: `${target}/x`, events: ['prompt.deleted'], secret: 'mine' }, /./],
    ];
    for (const [json, detail] of bad) {
      const reply = await hook(owner.token, json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.detail, JSON.stringify(json)).toMatch(detail);
    }
    expect((await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks).toEqual([]);
    const made = await hook(owner.token, { url: `${target}/x`, events: ['prompt.deleted'] });
    const badPut = await call('PUT', `/webhooks/${made.body.id}`, { base, token: owner.token, json: { url: 'http://192.168.1.1/' } });
    expect(badPut.status).toBe(400);
    expect((await call('GET', '/webhooks', { base, token: owner.token })).body.webhooks[0].url).toBe(`${target}/x`);
    expect((await call('PUT', '/webhooks/nope', { base, token: owner.token, json: { active: false } })).status).toBe(404);
    // A body that changes nothing: the webhook as it is, or 404 (it answered 500: DynamoDB refuses an empty name map).
    expect((await call('PUT', '/webhooks/nope', { base, token: owner.token, json: {} })).status).toBe(404);
    const unchanged = await call('PUT', `/webhooks/${made.body.id}`, { base, token: owner.token, json: {} });
    expect([unchanged.status, unchanged.body.url]).toEqual([200, `${target}/x`]);

    // Owners only: a team's editors and viewers get 403 from the route table's `workspace: 'owner'` (tests/api/security/authz-matrix.test.ts).
    const stranger = await account();
    // Another workspace's webhook id is 404.
    expect((await call('GET', `/webhooks/${made.body.id}/deliveries`, { base, token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/webhooks/${made.body.id}`, { base, token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/webhooks/${made.body.id}`, { base, token: owner.token })).status).toBe(204);
    expect((await call('DELETE', `/webhooks/${made.body.id}`, { base, token: owner.token })).status).toBe(404);
  });

  it('tell each evaluation that ends, once, with its pass rate: in the activity feed and in a delivery (issue 29)', async () => {
    const owner = await account('Eva', 'Luator');
    // Elite (the stack's own table: tests/support/db would point this process at the shared one).
    await stack.dynamo.client.send(
      new UpdateItemCommand({
        TableName: stack.tableName,
        Key: { pk: { S: `USER#${owner.id}` }, sk: { S: 'PROFILE' } },
        UpdateExpression: 'SET access_tier = :t',
        ExpressionAttributeValues: { ':t': { S: 'elite' } },
      }),
    );
    const made = await hook(owner.token, { url: `${target}/evals`, events: ['evaluation.finished'] });
    expect(made.status).toBe(201);
    const id = (await call('POST', '/prompts/', { base, token: owner.token, json: { title: 'Graded', body: 'Explain [INPUT: topic].' } })).body.id as string;
    const path = `/prompts/${id}`;
    const topics = Array.from({ length: 30 }, (_, i) => `topic ${i}`);
    await call('POST', `${path}/examples/import`, { base, token: owner.token, json: { format: 'csv', content: ['topic', ...topics].join('\n') } });
    // Every answer of the local engine restates the prompt: topics ending in 1 pass, 3 of the 30.
    await call('PUT', `${path}/checks`, { base, token: owner.token, json: { checks: [{ kind: 'regex', value: 'topic [12]?1\\b' }] } });

    const done = (await call('POST', `${path}/evaluations`, { base, token: owner.token, json: { columns: [{ version: 1 }] } })).body.id as string;
    const got = await until('the delivery', () => received.find((r) => r.path === '/evals'), 60_000);
    const verified = new Verifier(made.body.secret).verify(got.body, got.headers as Record<string, string>) as any;
    expect(verified).toMatchObject({
      type: 'evaluation.finished',
      data: { evaluation_id: done, prompt_id: id, prompt_title: 'Graded', status: 'done', pass_rate: 0.1, detail: 'v1 10%', actor: { name: 'Eva Luator' } },
    });

    // A cancelled one is told by who cancelled it; the worker, stopping after, tells nothing more.
    const cancelled = (await call('POST', `${path}/evaluations`, { base, token: owner.token, json: { columns: [{ version: 1 }, { version: 1 }] } })).body.id;
    expect((await call('DELETE', `${path}/evaluations/${cancelled}`, { base, token: owner.token })).status).toBe(200);
    const told = async () =>
      (await call('GET', `${path}/activity`, { base, token: owner.token })).body.events.filter((e: any) => e.type === 'evaluation.finished');
    const events = await until('both events', async () => ((await told()).length >= 2 ? told() : undefined));
    await sleep(1_500);
    expect(await told()).toHaveLength(2);
    expect(events.map((e: any) => [e.evaluation_id, e.status, e.actor.name])).toEqual([
      [cancelled, 'cancelled', 'Eva Luator'],
      [done, 'done', 'Eva Luator'],
    ]);
    expect(received.filter((r) => r.path === '/evals')).toHaveLength(2);
  });
});
