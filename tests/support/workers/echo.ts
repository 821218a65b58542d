import type { SQSEvent } from 'aws-lambda';
import { testQueue } from './queue';
import { deliveries } from './table';

/** Records each delivery, then does what the message's `act` says. */
const inner = testQueue.worker('test-echo', async (job, message) => {
  const entry = { key: job.key, messageId: message.id, receiveCount: message.receiveCount, batch: 0, at: Date.now(), outcome: 'ok' as const };
  const record = (outcome: 'ok' | 'threw' | 'hung') => deliveries().push({ ...entry, batch: current, outcome });
  if (job.act === 'throw' || (job.act === 'throw-twice' && message.receiveCount <= 2)) {
    record('threw');
    throw new Error(`test job ${job.key} fails on purpose`);
  }
  if (job.act === 'hang-once' && message.receiveCount === 1) {
    record('hung');
    await new Promise(() => {});
  }
  record('ok');
});

let current = 0;
export const handler = async (event: SQSEvent) => {
  current = event.Records.length;
  const result = await inner(event);
  // A report naming a message outside the batch: Lambda then fails the whole batch.
  if (event.Records.some((r) => JSON.parse(r.body).act === 'report-unknown')) return { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] };
  return result;
};
