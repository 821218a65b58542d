import { type PromptStats, STATS_HOURLY_MAX_DAYS, STATS_WINDOW_MAX_DAYS, type StatsPoint, type StatsQuery, type StatsSummary } from '@shared/contract/stats';
import { hourOf, hourStart, LATENCY_BUCKETS, mergeHistogram, percentile } from '@shared/stats';
import { type EvaluationHeader, listEvaluations } from '../data/evaluations';
import type { WorkspacePk } from '../data/keys';
import type { PromptItem } from '../data/prompt';
import { type KeyFetch, readRolled, readShards, type UsageRow } from '../data/usage';
import { BadRequestError } from '../http/errors';
import { ratingsOf } from './compare';

/**
 * GET /prompts/{id}/stats (docs/architecture.md, "Usage and stats"): the rolled-up hours of the
 * window in one Query of the prompt's stats partition, plus the write shards of the recent hours
 * not rolled up yet, added up per version, per label and per time bucket.
 */
const DAY_MS = 86_400_000;
/** Hours this close to now may not be rolled up yet: read from their shards when no marker says otherwise. */
const LIVE_HOURS = 3;

export interface Window {
  from: number;
  to: number;
  granularity: 'hour' | 'day';
}

/** The window asked for, or 400: at most a year, hour by hour at most 92 days, from before to. */
export function windowOf(query: StatsQuery, now = Date.now()): Window {
  const to = query.to ? Date.parse(query.to) : now;
  const from = query.from ? Date.parse(query.from) : to - 7 * DAY_MS;
  if (from >= to) throw new BadRequestError('from must be before to.');
  if (to - from > STATS_WINDOW_MAX_DAYS * DAY_MS) throw new BadRequestError(`A stats window is at most a year (${STATS_WINDOW_MAX_DAYS} days).`);
  const granularity = query.granularity ?? 'day';
  if (granularity === 'hour' && to - from > STATS_HOURLY_MAX_DAYS * DAY_MS)
    throw new BadRequestError(`Hourly stats cover at most ${STATS_HOURLY_MAX_DAYS} days: ask for granularity=day.`);
  return { from, to, granularity };
}

type Sums = { rows: UsageRow[] };
const sums = (): Sums => ({ rows: [] });

function summary(rows: UsageRow[]): StatsSummary {
  const compiles = { registry: 0, sdk: 0, mcp: 0, workbench: 0 };
  const runLatency: number[] = Array(LATENCY_BUCKETS).fill(0);
  const compileLatency: number[] = Array(LATENCY_BUCKETS).fill(0);
  let runs = 0;
  let errors = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  let cost = 0;
  let up = 0;
  let down = 0;
  for (const r of rows) {
    if (r.kind === 'compile' && r.channel in compiles) compiles[r.channel as keyof typeof compiles] += r.n;
    if (r.kind === 'run') {
      runs += r.n;
      // A workbench run compiles the prompt in the browser: a use of it from the workbench.
      if (r.channel === 'workbench') compiles.workbench += r.n;
      mergeHistogram(runLatency, r.latency);
    } else if (r.kind === 'compile') mergeHistogram(compileLatency, r.latency);
    errors += r.errors;
    tokensIn += r.tokens_in;
    tokensOut += r.tokens_out;
    cost += r.cost_micros;
    up += r.thumbs_up;
    down += r.thumbs_down;
  }
  return {
    compiles,
    runs,
    errors,
    tokens_in: tokensIn,
    tokens_out: tokensOut,
    latency_ms: { p50: percentile(runLatency, 0.5), p95: percentile(runLatency, 0.95) },
    compile_latency_ms: { p50: percentile(compileLatency, 0.5), p95: percentile(compileLatency, 0.95) },
    cost_usd: cost / 1_000_000,
    thumbs: { up, down },
    win_rate: null,
    votes: 0,
    evaluation_pass_rate: null,
  };
}

function point(at: string, rows: UsageRow[]): StatsPoint {
  const s = summary(rows);
  return {
    at,
    compiles: s.compiles.registry + s.compiles.sdk + s.compiles.mcp + s.compiles.workbench,
    runs: s.runs,
    errors: s.errors,
    tokens_in: s.tokens_in,
    tokens_out: s.tokens_out,
    cost_usd: s.cost_usd,
    latency_p50_ms: s.latency_ms.p50,
    latency_p95_ms: s.latency_ms.p95,
  };
}

/** The pass rate of the latest finished evaluation column that ran `version`, finished by `to`. */
function passRateOf(evaluations: EvaluationHeader[], version: number, to: number): number | null {
  for (const e of [...evaluations].sort((a, b) => (a.id < b.id ? 1 : -1))) {
    if (e.status !== 'done' || (e.finished_at && Date.parse(e.finished_at) > to)) continue;
    const i = e.versions.indexOf(version);
    if (i === -1) continue;
    const passed = Number(e[`c${i}_passed`] ?? 0);
    const failed = Number(e[`c${i}_failed`] ?? 0);
    if (passed + failed) return passed / (passed + failed);
  }
  return null;
}

/** A version's blind-vote record in the window: win rate and how many votes it was in. */
const votesOf = (r: { wins: number; losses: number; ties: number; win_rate: number | null } | undefined) => ({
  win_rate: r?.win_rate ?? null,
  votes: r ? r.wins + r.losses + r.ties : 0,
});

export async function promptStats(workspace: WorkspacePk, prompt: PromptItem, window: Window, now = Date.now()): Promise<PromptStats> {
  const fromHour = hourOf(window.from);
  const toHour = hourOf(window.to - 1);
  const recent: string[] = [];
  for (let h = Math.max(hourStart(fromHour), hourStart(hourOf(now)) - (LIVE_HOURS - 1) * 3_600_000); h <= hourStart(toHour); h += 3_600_000)
    recent.push(hourOf(h));
  const [rolled, evaluations, ratings] = await Promise.all([
    readRolled(workspace, prompt.id, fromHour, toHour),
    listEvaluations(workspace, prompt.id),
    ratingsOf(workspace, prompt.id, window),
  ]);
  const live = await Promise.all(
    recent.filter((h) => !rolled.rolled.has(h)).map(async (hour) => ({ hour, ...(await readShards(workspace, prompt.id, hour)) })),
  );

  const rows: (UsageRow & { hour: string })[] = rolled.rows.filter((r) => rolled.rolled.has(r.hour));
  const keys: KeyFetch[] = [...rolled.keys];
  for (const hour of live) {
    rows.push(...hour.rows.map((r) => ({ ...r, hour: hour.hour })));
    keys.push(...hour.keys);
  }

  const byVersion = new Map<number, Sums>();
  const byLabel = new Map<string, Sums>();
  const byBucket = new Map<string, Sums>();
  for (const r of rows) {
    const v = byVersion.get(r.version) ?? sums();
    v.rows.push(r);
    byVersion.set(r.version, v);
    if (r.label) {
      const l = byLabel.get(r.label) ?? sums();
      l.rows.push(r);
      byLabel.set(r.label, l);
    }
    const at = window.granularity === 'hour' ? `${r.hour}:00:00Z` : `${r.hour.slice(0, 10)}T00:00:00Z`;
    const b = byBucket.get(at) ?? sums();
    b.rows.push(r);
    byBucket.set(at, b);
  }

  const labels = prompt.labels ?? {};
  const production = labels.production ?? null;
  const versions = [...new Set([...byVersion.keys(), ...Object.values(labels)])].sort((a, b) => b - a);
  const last = new Map<string, KeyFetch>();
  for (const k of keys) if (k.at >= window.from && k.at < window.to && (last.get(k.api_key_id)?.at ?? -1) < k.at) last.set(k.api_key_id, k);

  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    granularity: window.granularity,
    production_version: production,
    totals: summary(rows),
    versions: versions.map((version) => ({
      ...summary(byVersion.get(version)?.rows ?? []),
      evaluation_pass_rate: passRateOf(evaluations, version, window.to),
      ...votesOf(ratings.versions.find((r) => r.version === version)),
      version,
      labels: Object.keys(labels)
        .filter((l) => labels[l] === version)
        .sort(),
    })),
    labels: [...new Set([...byLabel.keys(), ...Object.keys(labels)])].sort().map((label) => ({
      ...summary(byLabel.get(label)?.rows ?? []),
      label,
      version: labels[label] ?? null,
    })),
    series: [...byBucket.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([at, s]) => point(at, s.rows)),
    stale_clients:
      production === null
        ? []
        : [...last.values()]
            .filter((k) => k.version < production)
            .sort((a, b) => b.at - a.at)
            .map((k) => ({ api_key_id: k.api_key_id, version: k.version, last_fetch_at: new Date(k.at).toISOString() })),
  };
}
