import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TooManyRequestsError } from '../http/errors';
import { db, TABLE } from './db';
import { conditionFailed, retry } from './retry';

/**
 * Runs a user may have streaming at once, whatever the plan: each holds a model connection and a
 * function instance for up to two minutes. A run takes a lease (`RUNS#<user id>` / `LEASES`, a map
 * of run id → expiry in ms) before the model is asked and gives it back when its answer ends; a
 * lease of a run that crashed expires on its own after the function's time-out, so a slot is
 * never lost for good. The map is written with a condition on the version read, so parallel runs
 * never pass the cap.
 */
export const MAX_CONCURRENT_RUNS = 3;
export const TOO_MANY_RUNS = `You already have ${MAX_CONCURRENT_RUNS} runs in progress. Please wait for one to finish.`;

const leaseKey = (userId: string) => ({ pk: `RUNS#${userId}`, sk: 'LEASES' });

/** Takes a run slot for `holdMs`, or answers 429. Returns the lease id to release. */
export async function acquireRunLease(userId: string, holdMs: number): Promise<string> {
  const id = randomUUID();
  // Another run took or gave back a slot since the read: read again.
  return retry({ attempts: 8, retryOn: conditionFailed, delayMs: (attempt) => Math.random() * 15 * attempt }, async () => {
    const now = Date.now();
    const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: leaseKey(userId), ConsistentRead: true }));
    const leases = Object.fromEntries(Object.entries((Item?.leases ?? {}) as Record<string, number>).filter(([, until]) => until > now));
    if (Object.keys(leases).length >= MAX_CONCURRENT_RUNS) throw new TooManyRequestsError(TOO_MANY_RUNS);
    const version = Number(Item?.version ?? 0);
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: leaseKey(userId),
        UpdateExpression: 'SET #t = :t, leases = :leases, version = :next, expires_at = :exp',
        ConditionExpression: Item ? 'version = :version' : 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: {
          ':t': 'run_leases',
          ':leases': { ...leases, [id]: now + holdMs },
          ':next': version + 1,
          ':exp': Math.floor((now + holdMs) / 1000) + 3600,
          ...(Item ? { ':version': version } : {}),
        },
      }),
    );
    return id;
  });
}

/** Gives a run slot back (its answer ended); an expired or missing lease is fine. */
export async function releaseRunLease(userId: string, id: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: TABLE,
        Key: leaseKey(userId),
        UpdateExpression: 'REMOVE leases.#id SET version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#id': id },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch(() => undefined);
}
