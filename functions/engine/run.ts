import { RUNS_REMAINING_HEADER, RunRequest } from '@shared/contract/run';
import { RUNS_PER_DAY, type Tier } from '@shared/tiers';
import { consume, refund, runQuotaWindow } from '../lib/data/rate-limits';
import { acquireRunLease, releaseRunLease } from '../lib/data/run-leases';
import { api } from '../lib/http/http';
import { startRun } from '../lib/services/engine/run';

const PLAN_NAME: Record<Tier, string> = { free: 'Free', pro: 'Pro', elite: 'Elite' };

/** Time kept back from the function's time-out to end the answer with a note instead of a cut. */
const DEADLINE_MARGIN_MS = 3_000;

/**
 * POST /engine/run: {text, prompt_id?} → the model's answer to the filled prompt, streamed as
 * text/plain (Lambda response streaming; a function URL behind CloudFront in AWS). One run of the
 * tier's daily quota is taken (unlimited plans are counted without a cap) before the model is asked and given back when the run fails before
 * its first chunk. Stores nothing but the quota counter. The body limit is 128 KB so 20,000
 * characters of any script (and JSON escapes) fit; the default 64 KB would not always.
 */
export const handler = api('POST /engine/run', { body: RunRequest, maxBodyBytes: 128 * 1024 }, async ({ user, body, context }) => {
  const perDay = RUNS_PER_DAY[user.access_tier];
  const quota = runQuotaWindow(user);
  // Paid plans may run many a day, so they are capped at once; free's 20 a day bound it already.
  const lease = user.access_tier === 'free' ? null : await acquireRunLease(user.id, context.getRemainingTimeInMillis() + 5_000);
  const release = () => void (lease && releaseRunLease(user.id, lease));
  const takenAt = Date.now();
  let used = 0;
  try {
    used = await consume(
      quota,
      `You have used your ${quota.limit} runs for today on the ${PLAN_NAME[user.access_tier]} plan. Upgrade your plan for more, or try again tomorrow.`,
      takenAt,
    );
  } catch (error) {
    release();
    throw error;
  }

  let run: Awaited<ReturnType<typeof startRun>>;
  try {
    run = await startRun(body.text, {
      deadlineMs: context.getRemainingTimeInMillis() - DEADLINE_MARGIN_MS,
      onEnd: (outcome, engine, chars) => {
        release();
        if (outcome !== 'error' && outcome !== 'deadline') return;
        // What happened, never what was asked or answered.
        console.warn(
          JSON.stringify({ level: 'WARN', message: `run ended early (${outcome})`, requestId: context.awsRequestId, promptId: body.prompt_id, engine, chars }),
        );
      },
    });
  } catch (error) {
    // Nothing reached the user: the run does not count against the day.
    await refund(quota, takenAt).catch(() => undefined);
    release();
    throw error;
  }

  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      [RUNS_REMAINING_HEADER]: perDay === null ? 'unlimited' : String(Math.max(0, perDay - used)),
    },
    body: run.body,
  };
});
