import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/lib/services/queue';
import { queueUrlEnv } from '../../shared/workers';
import { testQueue } from '../support/workers/queue';

/** Deployed: enqueue speaks SQS through the SDK (mocked), to the URL the stack hands the sender. */
const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/Construct-dev-TestEcho';

describe('enqueue to SQS', () => {
  const sqs = mockClient(SQSClient);
  beforeEach(() => {
    process.env[queueUrlEnv('test-echo')] = URL;
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm-1' });
    sqs.on(SendMessageBatchCommand).callsFake((input) => ({
      Successful: input.Entries.map((e: { Id: string }) => ({ Id: e.Id, MessageId: `m-${e.Id}`, MD5OfMessageBody: '' })),
      Failed: [],
    }));
  });
  afterEach(() => delete process.env[queueUrlEnv('test-echo')]);
  afterAll(() => sqs.restore());

  it('sends one message to the worker queue named by QUEUE_URL_<NAME>, the body checked and as JSON, with its delay', async () => {
    expect(queueUrlEnv('test-echo')).toBe('QUEUE_URL_TEST_ECHO');
    expect(await testQueue.enqueue('test-echo', { key: 'k1' }, { delaySeconds: 900 })).toBe('m-1');
    const [call] = sqs.commandCalls(SendMessageCommand);
    expect(call!.args[0].input).toEqual({ QueueUrl: URL, MessageBody: '{"key":"k1"}', DelaySeconds: 900 });
  });

  it('sends a batch ten entries a request, and returns the ids in the order of the bodies', async () => {
    const bodies = Array.from({ length: 23 }, (_, i) => ({ key: `k${i}` }));
    const ids = await testQueue.enqueueBatch('test-echo', bodies);
    expect(ids).toEqual(bodies.map((_, i) => `m-${i}`));
    expect(sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries!.length)).toEqual([10, 10, 3]);
    expect(sqs.commandCalls(SendMessageBatchCommand)[2]!.args[0].input.Entries![0]).toEqual({ Id: '20', MessageBody: '{"key":"k20"}', DelaySeconds: 0 });
  });

  it('keeps a request under the size limit, splitting before ten entries when bodies are large', async () => {
    const big = 'x'.repeat(100 * 1024);
    await testQueue.enqueueBatch('test-echo', [{ key: big }, { key: big }, { key: big }]);
    expect(sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries!.length)).toEqual([2, 1]);
  });

  it('sends again the entries SQS failed on its side, and gives up on a sender fault', async () => {
    let calls = 0;
    sqs.on(SendMessageBatchCommand).callsFake((input) => {
      calls++;
      const [first, ...rest] = input.Entries as { Id: string }[];
      return calls === 1
        ? { Successful: rest.map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}` })), Failed: [{ Id: first!.Id, Code: 'InternalError', SenderFault: false }] }
        : { Successful: input.Entries.map((e: { Id: string }) => ({ Id: e.Id, MessageId: `again-${e.Id}` })), Failed: [] };
    });
    expect(await testQueue.enqueueBatch('test-echo', [{ key: 'a' }, { key: 'b' }])).toEqual(['again-0', 'm-1']);
    expect(sqs.commandCalls(SendMessageBatchCommand)[1]!.args[0].input.Entries!.map((e) => e.Id)).toEqual(['0']);

    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', Code: 'InvalidParameterValue', SenderFault: true }] });
    await expect(testQueue.enqueueBatch('test-echo', [{ key: 'a' }, { key: 'b' }])).rejects.toThrow(/SQS refused 1 of the messages \(InvalidParameterValue\)/);
  });

  it('refuses before sending: a body that does not fit, one over 256 KB, a delay past 900 s', async () => {
    await expect(testQueue.enqueue('test-echo', { key: 7 } as never)).rejects.toThrow();
    await expect(testQueue.enqueue('test-echo', { key: 'x'.repeat(MAX_BODY_BYTES) })).rejects.toThrow(/over 256 KB/);
    await expect(testQueue.enqueue('test-echo', { key: 'x' }, { delaySeconds: 901 })).rejects.toThrow(RangeError);
    await expect(testQueue.enqueue('test-echo', { key: 'x' }, { delaySeconds: 1.5 })).rejects.toThrow(RangeError);
    expect(sqs.calls()).toHaveLength(0);
    expect(await testQueue.enqueueBatch('test-echo', [])).toEqual([]);
  });
});

describe('worker handler', () => {
  const record = (messageId: string, body: string, receiveCount = 1) => ({
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '1700000000000',
      SenderId: 'x',
      ApproximateFirstReceiveTimestamp: '1700000000000',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:q',
    awsRegion: 'us-east-1',
  });

  it('hands each checked body to the function, and reports only the records that failed or did not fit', async () => {
    const got: [string, number, number][] = [];
    const handler = testQueue.worker('test-echo', async (job, message) => {
      got.push([job.key, message.receiveCount, message.sentAt.getTime()]);
      if (job.act === 'throw') throw new Error('no');
    });
    const event = {
      Records: [
        record('1', '{"key":"a"}', 2),
        record('2', '{"key":"b","act":"throw"}'),
        record('3', 'not json'),
        record('4', '{"key":5}'),
        record('5', '{"key":"c"}'),
      ],
    } as SQSEvent;
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }, { itemIdentifier: '3' }, { itemIdentifier: '4' }] });
    expect(got).toEqual([
      ['a', 2, 1700000000000],
      ['b', 1, 1700000000000],
      ['c', 1, 1700000000000],
    ]);
  });
});
