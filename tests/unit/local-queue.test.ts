import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LocalQueues } from '../../infra/local/queue';
import { WORKERS } from '../../shared/workers';
import { testQueue } from '../support/workers/queue';
import { deliveries, TEST_WORKERS } from '../support/workers/table';

/**
 * The local queue's SQS semantics, on the test workers (tests/support/workers): the echo worker
 * has a 1 s time-out, a 2 s visibility time-out and 3 deliveries before the dead-letter queue.
 * Outcomes are polled for, never waited out with a fixed sleep.
 */
const dirs: string[] = [];
let queues: LocalQueues | undefined;
let run = 0;
/** A key unique to this test, so deliveries of earlier tests never count. */
const key = (name: string) => `${name}-${++run}-${Date.now()}`;
const seen = (k: string) => deliveries().filter((d) => d.key === k);
const poll = { timeout: 15_000, interval: 20 };

function start(dataDir?: string): LocalQueues {
  queues = new LocalQueues({ workers: TEST_WORKERS, dataDir }).start();
  return queues;
}
afterEach(() => queues?.stop());
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('local queue', { timeout: 30_000 }, () => {
  it('delivers an SQS-shaped record to the worker module, and deletes it once handled', async () => {
    const q = start();
    const k = key('deliver');
    const [id] = [await testQueue.enqueue('test-echo', { key: k })];
    await vi.waitFor(() => expect(seen(k)).toHaveLength(1), poll);
    expect(seen(k)[0]).toMatchObject({ messageId: id, receiveCount: 1, outcome: 'ok' });
    await vi.waitFor(() => expect(q.depth('test-echo')).toBe(0), poll);
    expect(q.deadLetters('test-echo')).toEqual([]);
  });

  it('delivers a batch sent together in one invocation, and retries only the record that failed (partial batch failure)', async () => {
    start();
    const [a, b, c] = [key('a'), key('b'), key('c')];
    await testQueue.enqueueBatch('test-echo', [{ key: a }, { key: b, act: 'throw-twice' }, { key: c }]);
    await vi.waitFor(() => expect(seen(b).map((d) => d.outcome)).toEqual(['threw', 'threw', 'ok']), poll);
    expect(seen(a)).toHaveLength(1);
    expect(seen(c)).toHaveLength(1);
    expect(seen(a)[0]!.batch).toBe(3);
    expect(seen(b).map((d) => d.receiveCount)).toEqual([1, 2, 3]);
    // Each retry waited out the visibility time-out (2 s), not a fixed retry delay.
    const [first, second] = seen(b);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_900);
  });

  it('redelivers a message whose invocation outlived its time-out (a crash of the worker)', async () => {
    const q = start();
    const k = key('hang');
    await testQueue.enqueue('test-echo', { key: k, act: 'hang-once' });
    await vi.waitFor(
      () =>
        expect(seen(k).map((d) => [d.receiveCount, d.outcome])).toEqual([
          [1, 'hung'],
          [2, 'ok'],
        ]),
      poll,
    );
    await vi.waitFor(() => expect(q.depth('test-echo')).toBe(0), poll);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount deliveries', async () => {
    const q = start();
    const k = key('poison');
    const id = await testQueue.enqueue('test-echo', { key: k, act: 'throw' });
    await vi.waitFor(() => expect(q.deadLetters('test-echo').map((m) => m.messageId)).toContain(id), poll);
    expect(seen(k).map((d) => d.receiveCount)).toEqual([1, 2, 3]);
    expect(q.deadLetters('test-echo').find((m) => m.messageId === id)).toMatchObject({ receiveCount: 3, body: JSON.stringify({ key: k, act: 'throw' }) });
    expect(q.depth('test-echo')).toBe(0);
  });

  it('fails the whole batch when the report names a message outside it, as Lambda does', async () => {
    start();
    const k = key('unknown');
    await testQueue.enqueue('test-echo', { key: k, act: 'report-unknown' });
    await vi.waitFor(() => expect(seen(k).map((d) => d.receiveCount)).toEqual([1, 2, 3]), poll);
  });

  it('holds a delayed message back until it is due', async () => {
    start();
    const k = key('delay');
    const sent = Date.now();
    await testQueue.enqueue('test-echo', { key: k }, { delaySeconds: 1 });
    await vi.waitFor(() => expect(seen(k)).toHaveLength(1), poll);
    expect(seen(k)[0]!.at - sent).toBeGreaterThanOrEqual(1_000);
  });

  it('runs a worker that enqueues to another', async () => {
    start();
    const k = key('relay');
    await testQueue.enqueue('test-relay', { key: k });
    await vi.waitFor(() => expect(seen(`relayed:${k}`)).toHaveLength(1), poll);
  });

  it('keeps at most maxConcurrency invocations at once: a third batch waits for a slot', async () => {
    start();
    // 12 messages at once: batches of 5, 5 and 2; both slots (maxConcurrency 2) hang for the 1 s time-out.
    const keys = Array.from({ length: 12 }, () => key('busy'));
    await testQueue.enqueueBatch(
      'test-echo',
      keys.map((k) => ({ key: k, act: 'hang-once' as const })),
    );
    await vi.waitFor(() => expect(keys.every((k) => seen(k).some((d) => d.outcome === 'ok'))).toBe(true), poll);
    const firsts = keys.map((k) => seen(k)[0]!).sort((a, b) => a.at - b.at);
    expect(firsts.map((d) => d.batch)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2, 2]);
    expect(firsts[10]!.at - firsts[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('keeps messages across a restart with a data folder: waiting, delayed, and in flight at a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'construct-queue-'));
    dirs.push(dir);
    const [inFlight, delayed] = [key('crash'), key('later')];
    let q = start(dir);
    await testQueue.enqueue('test-echo', { key: inFlight, act: 'hang-once' });
    await vi.waitFor(() => expect(seen(inFlight)).toHaveLength(1), poll);
    await testQueue.enqueue('test-echo', { key: delayed }, { delaySeconds: 2 });
    // The process "dies" with one message in flight and one not yet due.
    q.stop();
    q = start(dir);
    expect(q.depth('test-echo')).toBe(2);
    await vi.waitFor(
      () =>
        expect(seen(inFlight).map((d) => [d.receiveCount, d.outcome])).toEqual([
          [1, 'hung'],
          [2, 'ok'],
        ]),
      poll,
    );
    await vi.waitFor(() => expect(seen(delayed)).toHaveLength(1), poll);
    await vi.waitFor(() => expect(q.depth('test-echo')).toBe(0), poll);
    q.stop();
    // What was handled stays handled.
    expect(start(dir).depth('test-echo')).toBe(0);
  });

  it('loads every worker at start when warm (npm start), at its first message otherwise; once either way', async () => {
    const loaded: string[] = [];
    const loadHandler = async (def: { name: string }) => {
      loaded.push(def.name);
      return async () => undefined;
    };
    queues = new LocalQueues({ workers: TEST_WORKERS, loadHandler }).start();
    expect(loaded).toEqual([]);
    queues.stop();
    queues = new LocalQueues({ workers: TEST_WORKERS, loadHandler, warm: true }).start();
    expect(loaded).toEqual(TEST_WORKERS.map((w) => w.name));
    await testQueue.enqueue('test-echo', { key: key('warm') });
    await vi.waitFor(() => expect(queues!.depth('test-echo')).toBe(0), poll);
    expect(loaded).toEqual(TEST_WORKERS.map((w) => w.name));
  });

  it('refuses a body that does not fit the worker, a delay past SQS limit, and sending after stop', async () => {
    const q = start();
    await expect(testQueue.enqueue('test-echo', { key: 1 } as never)).rejects.toThrow();
    await expect(testQueue.enqueue('test-echo', { key: 'x' }, { delaySeconds: 901 })).rejects.toThrow(/0 to 900 .*enqueue again/);
    q.stop();
    await expect(testQueue.enqueue('test-echo', { key: 'x' })).rejects.toThrow(/No queue for the worker test-echo/);
  });
});

describe('worker tables', () => {
  it('the product table and the test table are valid', async () => {
    const { workerTableProblems } = await import('../../shared/workers');
    expect(workerTableProblems(WORKERS)).toEqual([]);
    expect(workerTableProblems(TEST_WORKERS)).toEqual([]);
  });

  it('refuses what SQS or Lambda would', async () => {
    const { workerTableProblems } = await import('../../shared/workers');
    const base = TEST_WORKERS[0];
    expect(workerTableProblems([{ ...base, batchSize: 11 }])).toEqual(['worker test-echo: batchSize is a whole number from 1 to 10']);
    expect(workerTableProblems([{ ...base, maxConcurrency: 1 }])).toEqual(['worker test-echo: maxConcurrency is a whole number from 2 to 1000']);
    expect(workerTableProblems([{ ...base, visibilityTimeoutSeconds: 1 }])).toEqual([
      "worker test-echo: the visibility time-out must be longer than the function's time-out",
    ]);
    expect(workerTableProblems([base, base])).toEqual(['worker test-echo: listed twice']);
    expect(workerTableProblems([{ ...base, name: 'Echo_1' }])).toEqual(['worker Echo_1: the name is lower-case words joined by dashes']);
    expect(workerTableProblems([{ ...base, enqueues: ['nobody'] }])).toEqual(['worker test-echo: enqueues to nobody, which is not a worker']);
    expect(() => new LocalQueues({ workers: [{ ...base, maxReceiveCount: 0 }] })).toThrow(/maxReceiveCount/);
  });
});
