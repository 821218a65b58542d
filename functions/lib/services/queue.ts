import type { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type * as z from 'zod/mini';
import { MAX_DELAY_SECONDS, queueUrlEnv, WORKERS, type WorkerDef } from '@shared/workers';
import { logger } from '../http/log';
import { localQueueTransport } from './queue-transport';

/**
 * Background work (docs/architecture.md, "Background work"): `enqueue` hands a message to a
 * worker of the worker table (shared/workers.ts) and returns once the queue holds it; `worker`
 * makes a worker module's Lambda handler. Deployed, messages go to the worker's SQS queue
 * (its URL in `QUEUE_URL_<NAME>`, given only to the functions allowed to send); on one machine
 * to the local queue the local stack runs in this process (infra/local/queue.ts).
 */

type NameOf<T extends readonly WorkerDef[]> = T[number]['name'];
type DefOf<T extends readonly WorkerDef[], N> = Extract<T[number], { name: N }>;
/** What a sender passes for worker N (the body schema's input). */
export type BodyInput<T extends readonly WorkerDef[], N> = z.input<DefOf<T, N>['body']>;
/** What worker N's handler receives (the body schema's output). */
export type Body<T extends readonly WorkerDef[], N> = z.output<DefOf<T, N>['body']>;

export interface EnqueueOptions {
  /**
   * Seconds before the first delivery: 0 to 900, SQS's limit (a larger value throws). A longer
   * wait is the caller's to build: enqueue with 900, and let the worker enqueue again with the
   * rest when the message comes due.
   */
  delaySeconds?: number;
}

/** A received message, beside its body. */
export interface QueueMessage {
  id: string;
  /** 1 on the first delivery; a retry, a time-out or a crash before it counts one more. */
  receiveCount: number;
  sentAt: Date;
}

/** A message body may be at most this big: a larger payload belongs in the table, its key in the message. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * `enqueue`, `enqueueBatch` and `worker` over a worker table: the product's is WORKERS (the
 * exports below); tests make their own over a table of test workers.
 */
export function queueOf<const T extends readonly WorkerDef[]>(workers: T) {
  const defOf = (name: string): WorkerDef => {
    const def = (workers as readonly WorkerDef[]).find((w) => w.name === name);
    if (!def) throw new Error(`No worker named ${name} in the worker table`);
    return def;
  };

  /** Sends the bodies as one message each; returns their message ids once the queue holds them. */
  async function enqueueBatch<N extends NameOf<T>>(name: N, bodies: readonly BodyInput<T, N>[], options: EnqueueOptions = {}): Promise<string[]> {
    const def = defOf(name);
    const delaySeconds = options.delaySeconds ?? 0;
    if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > MAX_DELAY_SECONDS)
      throw new RangeError(`delaySeconds is a whole number from 0 to ${MAX_DELAY_SECONDS} (SQS's limit); enqueue again from the worker to wait longer.`);
    const encoded = bodies.map((body) => {
      const text = JSON.stringify(def.body.parse(body));
      if (Buffer.byteLength(text) > MAX_BODY_BYTES)
        throw new RangeError(`A message to ${name} is over ${MAX_BODY_BYTES / 1024} KB: store the payload, send its key.`);
      return text;
    });
    if (!encoded.length) return [];
    const url = process.env[queueUrlEnv(name)];
    if (url) return sendToSqs(url, encoded, delaySeconds);
    const local = localQueueTransport();
    if (local)
      return local.send(
        name,
        encoded.map((body) => ({ body, delaySeconds })),
      );
    throw new Error(`No queue for the worker ${name} here: ${queueUrlEnv(name)} is not set, and no local queue runs in this process.`);
  }

  async function enqueue<N extends NameOf<T>>(name: N, body: BodyInput<T, N>, options?: EnqueueOptions): Promise<string> {
    return (await enqueueBatch(name, [body], options))[0]!;
  }

  /**
   * A worker module's handler: each record's body is checked against the table's schema and
   * handed to `fn`, records of a batch side by side. A record whose `fn` throws (or whose body
   * does not fit) is reported as a batch item failure: it alone comes back after the visibility
   * time-out, and after maxReceiveCount deliveries goes to the dead-letter queue. `fn` must be
   * safe to run twice for one message (SQS delivers at least once).
   */
  function worker<N extends NameOf<T>>(name: N, fn: (body: Body<T, N>, message: QueueMessage) => Promise<void>) {
    const def = defOf(name);
    return async (event: SQSEvent): Promise<SQSBatchResponse> => {
      const outcomes = await Promise.all(
        event.Records.map(async (record) => {
          const message = {
            id: record.messageId,
            receiveCount: Number(record.attributes.ApproximateReceiveCount),
            sentAt: new Date(Number(record.attributes.SentTimestamp)),
          };
          try {
            await fn(def.body.parse(JSON.parse(record.body)) as Body<T, N>, message);
            return true;
          } catch (error) {
            // Never the body: it may name users' data.
            logger.error('Worker message failed', {
              worker: name,
              messageId: record.messageId,
              receiveCount: message.receiveCount,
              lastTry: message.receiveCount >= def.maxReceiveCount,
              errorClass: (error as Error)?.name,
              errorMessage: (error as Error)?.message,
            });
            return false;
          }
        }),
      );
      const failed = event.Records.filter((_, i) => !outcomes[i]).map((r) => r.messageId);
      return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
    };
  }

  return { enqueue, enqueueBatch, worker };
}

export const { enqueue, enqueueBatch, worker } = queueOf(WORKERS);

let sqs: Promise<{ client: SQSClient; sdk: typeof import('@aws-sdk/client-sqs') }> | undefined;

/** SendMessage for one, SendMessageBatch (10 a request) for more; entries SQS fails are sent again. */
async function sendToSqs(url: string, bodies: string[], delaySeconds: number): Promise<string[]> {
  sqs ??= import('@aws-sdk/client-sqs').then((sdk) => ({ sdk, client: new sdk.SQSClient({}) }));
  sqs.catch(() => (sqs = undefined));
  const { sdk, client } = await sqs;
  if (bodies.length === 1) {
    const out = await client.send(new sdk.SendMessageCommand({ QueueUrl: url, MessageBody: bodies[0], DelaySeconds: delaySeconds }));
    return [out.MessageId!];
  }
  const ids: string[] = [];
  for (const chunk of batches(bodies)) {
    let pending = chunk;
    for (let attempt = 1; pending.length; attempt++) {
      const out = await client.send(
        new sdk.SendMessageBatchCommand({
          QueueUrl: url,
          Entries: pending.map(({ index, body }) => ({ Id: String(index), MessageBody: body, DelaySeconds: delaySeconds })),
        }),
      );
      for (const sent of out.Successful ?? []) ids[Number(sent.Id)] = sent.MessageId!;
      const failed = out.Failed ?? [];
      if (!failed.length) break;
      if (failed.some((f) => f.SenderFault) || attempt === 3) throw new Error(`SQS refused ${failed.length} of the messages (${failed[0]!.Code}).`);
      const again = new Set(failed.map((f) => f.Id));
      pending = pending.filter(({ index }) => again.has(String(index)));
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
  return ids;
}

/** SendMessageBatch takes 10 entries of at most MAX_BODY_BYTES together. */
function batches(bodies: string[]): { index: number; body: string }[][] {
  const result: { index: number; body: string }[][] = [];
  let current: { index: number; body: string }[] = [];
  let bytes = 0;
  bodies.forEach((body, index) => {
    const size = Buffer.byteLength(body);
    if (current.length === 10 || (current.length && bytes + size > MAX_BODY_BYTES)) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ index, body });
    bytes += size;
  });
  if (current.length) result.push(current);
  return result;
}
