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
/**
 * Evaluations a workspace runs at once (the evaluation worker, CELLS_AT_ONCE cells each): one
 * workspace cannot take the engine from the others. The same lease map, per workspace.
 */
export const WORKSPACE_EVALUATIONS_AT_ONCE = 2;
const evaluationsKey = (workspace: string) => ({ pk: `EVALRUNS#${workspace}`, sk: 'LEASES' });

/** Takes a run slot for `holdMs`, or answers 429. Returns the lease id to release. */
export const acquireRunLease = (userId: string, holdMs: number) => acquire(leaseKey(userId), MAX_CONCURRENT_RUNS, TOO_MANY_RUNS, holdMs);
/** Takes one of the workspace's evaluation slots for `holdMs`, or answers 429 (the worker waits and tries again). */
export const acquireEvaluationSlot = (workspace: string, holdMs: number) =>
  acquire(evaluationsKey(workspace), WORKSPACE_EVALUATIONS_AT_ONCE, 'This workspace is running as many evaluations as it may at once.', holdMs);
export const releaseEvaluationSlot = (workspace: string, id: string) => release(evaluationsKey(workspace), id);

async function acquire(key: { pk: string; sk: string }, max: number, refusal: string, holdMs: number): Promise<string> {
  const id = randomUUID();
  // Another run took or gave back a slot since the read: read again.
  return retry({ attempts: 8, retryOn: conditionFailed, delayMs: (attempt) => Math.random() * 15 * attempt }, async () => {
    const now = Date.now();
    const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }));
    const leases = Object.fromEntries(Object.entries((Item?.leases ?? {}) as Record<string, number>).filter(([, until]) => until > now));
    if (Object.keys(leases).length >= max) throw new TooManyRequestsError(refusal);
    const version = Number(Item?.version ?? 0);
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
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
export const releaseRunLease = (userId: string, id: string) => release(leaseKey(userId), id);

async function release(key: { pk: string; sk: string }, id: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        UpdateExpression: 'REMOVE leases.#id SET version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#id': id },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch(() => undefined);
}
