import { testQueue } from './queue';

/** Passes its job on to the echo worker: a worker that enqueues to another. */
export const handler = testQueue.worker('test-relay', async (job) => {
  await testQueue.enqueue('test-echo', { key: `relayed:${job.key}` });
});
