import { costMicros } from '@shared/prices';
import { hourOf, hourStart, latencyBucket } from '@shared/stats';
import type { WorkspacePk } from '../data/keys';
import { getPromptItem } from '../data/prompt';
import { addRow, addToShard, emptyRow, noteKeyFetch, rowId, type UsageChannel, type UsageKind, type UsageRow } from '../data/usage';
import { logger } from '../http/log';
import { enqueue } from '../services/queue';

/**
 * Counting use (docs/architecture.md, "Usage and stats"): every compile (registry, SDK, MCP) and
 * every model call (workbench run, evaluation cell, compare column) calls `recordUsage` once it
 * has its answer. It only adds to a buffer and returns: the writes go out on the next turn of
 * the event loop, after the answer, and a failed write is logged, never thrown, so counting
 * neither slows nor fails the request it counts. Uses that arrive while a flush is out are
 * merged into one write per row. The first use of an hour (per process) queues that hour's
 * roll-up for after the hour ends.
 */
export interface UsageEvent {
  workspace: WorkspacePk;
  prompt_id: string;
  version: number;
  label?: string | null;
  channel: UsageChannel;
  /** `fetch`: a registry read of the prompt, noted for stale_clients only (not counted as a use). */
  kind: UsageKind | 'fetch';
  tokens_in?: number;
  tokens_out?: number;
  /** The tokens were counted by Construct (the model gave no usage): counted in `tokens_estimated`. */
  tokens_estimated?: boolean;
  latency_ms?: number;
  /** The model that answered, for the cost estimate (shared/prices.ts) when `cost_micros` is not given. */
  model?: string;
  cost_micros?: number;
  api_key_id?: string | null;
  error?: boolean;
  thumbs?: 'up' | 'down';
  /** When it happened (default now). */
  at?: number;
}

/** Seconds after an hour ends before its roll-up runs: writes still in flight land first. */
export const ROLLUP_GRACE_SECONDS = 120;
/** An API key's fetches of one version are noted at most once a minute per process. */
const KEY_NOTE_MS = 60_000;

const pending = new Map<string, { workspace: WorkspacePk; promptId: string; hour: string; row: UsageRow }>();
const keyNotes = new Map<string, { workspace: WorkspacePk; promptId: string; hour: string; fetch: { api_key_id: string; version: number; at: number } }>();
const keyNoted = new Map<string, number>();
const rollupsQueued = new Set<string>();
let scheduled = false;
let inFlight: Promise<void> = Promise.resolve();

export function recordUsage(event: UsageEvent): void {
  try {
    const at = event.at ?? Date.now();
    const hour = hourOf(at);
    if (event.kind !== 'fetch') addPending(event as UsageEvent & { kind: UsageKind }, hour);
    if (event.api_key_id) {
      const noted = `${event.workspace}|${event.prompt_id}|${event.api_key_id}|${event.version}`;
      if ((keyNoted.get(noted) ?? 0) + KEY_NOTE_MS <= at) {
        keyNoted.set(noted, at);
        if (keyNoted.size > 10_000) keyNoted.clear();
        keyNotes.set(noted, {
          workspace: event.workspace,
          promptId: event.prompt_id,
          hour,
          fetch: { api_key_id: event.api_key_id, version: event.version, at },
        });
      }
    }
    schedule();
  } catch (error) {
    logger.warn('usage not counted', { errorClass: (error as Error)?.name });
  }
}

/**
 * A run of a saved prompt's unsaved draft (the workbench, a compare column): counted as version 0
 * once the prompt is known to be the workspace's (a library prompt's id is not), after the answer.
 */
export async function recordDraftRun(event: Omit<UsageEvent, 'version'>): Promise<void> {
  try {
    if (await getPromptItem(event.workspace, event.prompt_id)) recordUsage({ ...event, version: 0 });
  } catch (error) {
    logger.warn('usage not counted', { errorClass: (error as Error)?.name });
  }
}

function addPending(event: UsageEvent & { kind: UsageKind }, hour: string) {
  const row = emptyRow({ version: event.version, channel: event.channel, kind: event.kind, label: event.label ?? '' });
  if (event.kind !== 'feedback') row.n = 1;
  if (event.error) row.errors = 1;
  row.tokens_in = event.tokens_in ?? 0;
  row.tokens_out = event.tokens_out ?? 0;
  if (event.tokens_estimated) row.tokens_estimated = 1;
  row.cost_micros = event.cost_micros ?? costMicros(event.model, row.tokens_in, row.tokens_out);
  if (event.thumbs === 'up') row.thumbs_up = 1;
  if (event.thumbs === 'down') row.thumbs_down = 1;
  if (event.latency_ms !== undefined) row.latency[latencyBucket(event.latency_ms)] = 1;
  const key = `${event.workspace}|${event.prompt_id}|${hour}|${rowId(row)}`;
  const into = pending.get(key);
  if (into) addRow(into.row, row);
  else pending.set(key, { workspace: event.workspace, promptId: event.prompt_id, hour, row });
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    inFlight = inFlight.then(flush);
  });
}

async function flush(): Promise<void> {
  const rows = [...pending.values()];
  const keys = [...keyNotes.values()];
  pending.clear();
  keyNotes.clear();
  const writes = [
    ...rows.map((r) => addToShard(r.workspace, r.promptId, r.hour, r.row)),
    ...keys.map((k) => noteKeyFetch(k.workspace, k.promptId, k.hour, k.fetch)),
    ...rows.map((r) => queueRollup(r.workspace, r.promptId, r.hour)),
  ];
  const outcomes = await Promise.allSettled(writes);
  const failed = outcomes.filter((o) => o.status === 'rejected');
  if (failed.length) logger.warn('usage writes failed', { failed: failed.length, errorClass: ((failed[0] as PromiseRejectedResult).reason as Error)?.name });
}

/** Seconds from `now` until an hour's roll-up may run. */
export const secondsUntilRollup = (hour: string, now = Date.now()) => Math.max(0, Math.ceil((hourStart(hour) + 3_600_000 - now) / 1000) + ROLLUP_GRACE_SECONDS);

async function queueRollup(workspace: WorkspacePk, promptId: string, hour: string): Promise<void> {
  const key = `${workspace}|${promptId}|${hour}`;
  if (rollupsQueued.has(key)) return;
  rollupsQueued.add(key);
  if (rollupsQueued.size > 10_000) rollupsQueued.clear();
  try {
    await enqueue('usage-rollup', { workspace, prompt_id: promptId, hour }, { delaySeconds: Math.min(900, secondsUntilRollup(hour)) });
  } catch (error) {
    rollupsQueued.delete(key);
    throw error;
  }
}

/** Waits until every use recorded so far is written (tests, the bench, and a worker before it returns). */
export async function flushUsage(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await inFlight;
  if (pending.size || keyNotes.size) {
    inFlight = inFlight.then(flush);
    await inFlight;
  }
}
