import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, signUp } from '../../support/api';
import { db, setTier, TABLE } from '../../support/db';

const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
const { acquireRunLease, releaseRunLease, MAX_CONCURRENT_RUNS } = await import('../../../functions/lib/data/run-leases');

/**
 * Runs per user at once are capped (3), even for elite's unlimited daily runs: parallel starts
 * never pass the cap, a run's end gives its slot back, and a crashed run's slot frees itself.
 */
const leases = (userId: string, until: number) =>
  db.send(
    new PutCommand({
      TableName: TABLE,
      Item: { pk: `RUNS#${userId}`, sk: 'LEASES', type: 'run_leases', version: 1, leases: Object.fromEntries([1, 2, 3].map((i) => [`run-${i}`, until])) },
    }),
  );

describe('concurrent runs per user', () => {
  it('lets at most 3 of 32 parallel runs hold a slot, and a released slot can be taken again', async () => {
    const userId = randomUUID();
    const results = await Promise.allSettled(Array.from({ length: 32 }, () => acquireRunLease(userId, 60_000)));

    const taken = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string>).value);
    expect(taken).toHaveLength(MAX_CONCURRENT_RUNS);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.statusCode === 429)).toBe(true);

    await releaseRunLease(userId, taken[0]!);
    await expect(acquireRunLease(userId, 60_000)).resolves.toEqual(expect.any(String));
  });

  it('answers an elite user 429 with a detail while 3 runs are in progress, and runs again once they expire', async () => {
    const user = await signUp();
    await setTier(user.id, 'elite');
    await leases(user.id, Date.now() + 60_000);

    const refused = await call('POST', '/engine/run', { token: user.token, json: { text: 'Say hello' } });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('You already have 3 runs in progress. Please wait for one to finish.');

    // Leases of runs that crashed expire after the function's time-out.
    await leases(user.id, Date.now() - 1);
    const allowed = await call('POST', '/engine/run', { token: user.token, json: { text: 'Say hello' } });
    expect(allowed.status).toBe(200);
  });
});
