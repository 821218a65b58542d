import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalQueues } from '../../infra/local/queue';
import { type LocalStack, startLocalStack } from '../../infra/local/stack';
import { testQueue } from '../support/workers/queue';
import { deliveries, TEST_WORKERS } from '../support/workers/table';

/**
 * The local stack (what `npm start` and the test stack run) starts a poller per worker of its
 * table and keeps the queue under its data folder: a message enqueued before a stop is delivered
 * by the queue the next start makes from that folder. Its own stack, in this worker, with the
 * test workers.
 */
const dir = mkdtempSync(join(tmpdir(), 'construct-queue-stack-'));
let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const seen = (key: string) => deliveries().filter((d) => d.key === key);
const poll = { timeout: 60_000, interval: 25 };

// DynamoDB Local with a data folder starts slowly on a busy 2-core machine.
describe('the local stack runs the workers', { timeout: 300_000 }, () => {
  it('delivers to each worker of its table, and keeps waiting messages across a restart', async () => {
    stack = await startLocalStack({ port: 0, dataDir: dir, workers: TEST_WORKERS });
    const now = `now-${Date.now()}`;
    await testQueue.enqueue('test-relay', { key: now });
    await vi.waitFor(() => expect(seen(`relayed:${now}`)).toHaveLength(1), poll);

    const later = `later-${Date.now()}`;
    await testQueue.enqueue('test-echo', { key: later }, { delaySeconds: 2 });
    await stack.stop();
    stack = undefined;
    await expect(testQueue.enqueue('test-echo', { key: 'x' })).rejects.toThrow(/No queue/);
    expect(seen(later)).toHaveLength(0);

    // The next start reads the same folder (a second stack in one process would reuse the first's
    // DynamoDB client, so the queue the next start makes is made here on its own).
    const next = new LocalQueues({ workers: TEST_WORKERS, dataDir: join(dir, 'queues') }).start();
    try {
      expect(next.depth('test-echo')).toBe(1);
      await vi.waitFor(() => expect(seen(later)).toHaveLength(1), poll);
      await vi.waitFor(() => expect(next.depth('test-echo')).toBe(0), poll);
    } finally {
      next.stop();
    }
  });
});
