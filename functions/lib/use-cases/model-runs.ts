import { RUNS_PER_DAY, type Tier } from '@shared/tiers';
import { consume, refund, runQuotaWindow } from '../data/rate-limits';
import { acquireRunLease, releaseRunLease } from '../data/run-leases';
import type { UserRecord } from '../data/users';

/**
 * What a model run costs and holds (docs/architecture.md, "Running a model"), decided here once
 * for the workbench's run, evaluations and compare:
 * - on the product's model (no connection): one run of the plan's daily quota, taken before the
 *   model is asked (429 with a detail when used up) and given back when the run fails before its
 *   first output; paid plans also hold a run lease (free's 20 a day bound them already);
 * - on a workspace connection: nothing of the quota (the workspace pays its provider), but always
 *   a run lease, so one person cannot exhaust a team's key (at most MAX_CONCURRENT_RUNS at once,
 *   429 past it).
 * A lease is held until `release()`; one of a run that crashed expires after `holdMs`.
 */
const PLAN_NAME: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };

export interface RunAllowance {
  /** Runs left today after this one (`unlimited`), or null on a connection (nothing was taken). */
  remaining: string | null;
  /** The run failed before any output: the quota is given back, the lease released. */
  refund(): Promise<void>;
  /** The answer ended: the lease is released (once; later calls do nothing). */
  release(): void;
}

export const quotaUsedUp = (user: Pick<UserRecord, 'access_tier'>, limit: number) =>
  `You have used your ${limit} runs for today on the ${PLAN_NAME[user.access_tier]} plan. Upgrade your plan for more, or try again tomorrow.`;

export async function takeRunAllowance(user: UserRecord, options: { onConnection: boolean; holdMs: number }): Promise<RunAllowance> {
  const leased = options.onConnection || user.access_tier !== 'free';
  const lease = leased ? await acquireRunLease(user.id, options.holdMs) : null;
  let released = false;
  const release = () => {
    if (released || !lease) return;
    released = true;
    void releaseRunLease(user.id, lease);
  };
  if (options.onConnection) return { remaining: null, refund: async () => release(), release };

  const quota = runQuotaWindow(user);
  const takenAt = Date.now();
  let used: number;
  try {
    used = await consume(quota, quotaUsedUp(user, quota.limit), takenAt);
  } catch (error) {
    release();
    throw error;
  }
  const perDay = RUNS_PER_DAY[user.access_tier];
  return {
    remaining: perDay === null ? 'unlimited' : String(Math.max(0, perDay - used)),
    refund: async () => {
      release();
      await refund(quota, takenAt).catch(() => undefined);
    },
    release,
  };
}
