import type { ChatMessage, ModelConfig } from '@shared/contract/chat';
import { RUNS_PER_DAY, type Tier } from '@shared/tiers';
import type { WorkspacePk } from '../data/keys';
import { type PromptItem, versionOf } from '../data/prompt';
import { consume, refund, runQuotaWindow } from '../data/rate-limits';
import { acquireRunLease, releaseRunLease } from '../data/run-leases';
import type { UserRecord } from '../data/users';
import { promptWithVersion } from '../data/versions';

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

/**
 * What a run of a saved version uses: when `prompt_id` and `version` name a saved version of the
 * workspace's prompt, that version's settings as stored (tools, response format, sampling), the
 * request choosing only the model on a connection, and its content (to compile from `variables`);
 * otherwise (a library prompt, a draft) the request's own settings and no content.
 */
export async function runSaved(
  workspace: WorkspacePk,
  request: { prompt_id?: string; version?: number; config?: ModelConfig },
  onConnection: boolean,
): Promise<{
  config: ModelConfig | undefined;
  content?: { kind: 'text' | 'chat'; body: string; messages?: ChatMessage[] };
  /** The workspace's prompt item, when it was read. */
  prompt?: PromptItem;
}> {
  if (!request.prompt_id || request.version === undefined) return { config: request.config };
  const { prompt, snapshot } = await promptWithVersion(workspace, request.prompt_id, request.version);
  const saved = prompt && versionOf(prompt) === request.version ? prompt : snapshot;
  if (!saved) return { config: request.config, prompt };
  const { connection_id: _, model, ...settings } = saved.config ?? {};
  const chosen = onConnection ? (request.config?.model ?? model) : undefined;
  return {
    config: { ...settings, ...(chosen ? { model: chosen } : {}) },
    content: { kind: saved.kind ?? 'text', body: saved.body, ...(saved.kind === 'chat' ? { messages: saved.messages ?? [] } : {}) },
    prompt,
  };
}
