import { type PromptStats, STATS_HOURLY_MAX_DAYS, STATS_WINDOW_MAX_DAYS, type StatsPoint, type StatsQuery, type StatsSummary } from '@shared/contract/stats';
import { hourOf, hourStart, LATENCY_BUCKETS, mergeHistogram, percentile } from '@shared/stats';
import { type EvaluationHeader, listEvaluations } from '../data/evaluations';
import type { WorkspacePk } from '../data/keys';
import type { PromptItem } from '../data/prompt';
import { addRow, emptyRow, type KeyFetch, readDays, readRolled, readShards, rowId, type UsageRow, writeDay } from '../data/usage';
import { countsOf, writePromptDay } from '../data/workspace-usage';
import { BadRequestError } from '../http/errors';
import { ratingsOf } from './compare';

/**
 * GET /prompts/{id}/stats (docs/architecture.md, "Usage and stats"): the whole past days of the
 * window from their day items (one Query), the edges of the window and any day without a day
 * item from its rolled-up hours, plus the write shards of the recent hours not rolled up yet,
 * added up per version, per label and per time bucket. A day item adds up exactly what its hours
 * hold (counters add, latency buckets merge) and keeps each hour's series point, so the answer is
 * the same whichever is read.
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

/** Sums of usage rows as they are added, so a window's thousands of rows are never held or copied. */
interface Sums {
  compiles: { registry: number; sdk: number; mcp: number; workbench: number };
  runs: number;
  errors: number;
  tokensIn: number;
  tokensOut: number;
  estimated: number;
  cost: number;
  up: number;
  down: number;
  runLatency: number[];
  compileLatency: number[];
}

const sums = (): Sums => ({
  compiles: { registry: 0, sdk: 0, mcp: 0, workbench: 0 },
  runs: 0,
  errors: 0,
  tokensIn: 0,
  tokensOut: 0,
  estimated: 0,
  cost: 0,
  up: 0,
  down: 0,
  runLatency: Array(LATENCY_BUCKETS).fill(0),
  compileLatency: Array(LATENCY_BUCKETS).fill(0),
});

function add(s: Sums, r: UsageRow): void {
  if (r.kind === 'compile' && r.channel in s.compiles) s.compiles[r.channel as keyof Sums['compiles']] += r.n;
  if (r.kind === 'run') {
    s.runs += r.n;
    // A workbench run compiles the prompt in the browser: a use of it from the workbench.
    if (r.channel === 'workbench') s.compiles.workbench += r.n;
    mergeHistogram(s.runLatency, r.latency);
  } else if (r.kind === 'compile') mergeHistogram(s.compileLatency, r.latency);
  s.errors += r.errors;
  s.tokensIn += r.tokens_in;
  s.tokensOut += r.tokens_out;
  s.estimated += r.tokens_estimated;
  s.cost += r.cost_micros;
  s.up += r.thumbs_up;
  s.down += r.thumbs_down;
}

/** The sums in a map's entry for `key`, made on first use. */
function sumsIn<K>(map: Map<K, Sums>, key: K): Sums {
  const found = map.get(key);
  if (found) return found;
  const made = sums();
  map.set(key, made);
  return made;
}

function summary(s: Sums): StatsSummary {
  return {
    compiles: { ...s.compiles },
    runs: s.runs,
    errors: s.errors,
    tokens_in: s.tokensIn,
    tokens_out: s.tokensOut,
    tokens_estimated: s.estimated,
    latency_ms: { p50: percentile(s.runLatency, 0.5), p95: percentile(s.runLatency, 0.95) },
    compile_latency_ms: { p50: percentile(s.compileLatency, 0.5), p95: percentile(s.compileLatency, 0.95) },
    cost_usd: s.cost / 1_000_000,
    thumbs: { up: s.up, down: s.down },
    win_rate: null,
    votes: 0,
    evaluation_pass_rate: null,
  };
}

function point(at: string, sums: Sums): StatsPoint {
  const s = summary(sums);
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

type HourRows = { rows: (UsageRow & { hour: string })[]; keys: KeyFetch[] };

/** Rolled-up hours of some ranges (inclusive hour keys), only those with their marker. */
async function readHourRanges(workspace: WorkspacePk, promptId: string, ranges: [string, string][]): Promise<HourRows & { rolled: Set<string> }> {
  const read = await Promise.all(ranges.map(([from, to]) => readRolled(workspace, promptId, from, to)));
  const rolled = new Set(read.flatMap((r) => [...r.rolled]));
  return { rows: read.flatMap((r) => r.rows).filter((r) => rolled.has(r.hour)), keys: read.flatMap((r) => r.keys), rolled };
}

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Whole days of the window that are past (no hour of them may still be read from its shards):
 * read from their day items, the rest by the hour. Answers the day items and the hour ranges.
 */
async function readWindow(workspace: WorkspacePk, promptId: string, window: Window, liveFrom: number) {
  const fromHour = hourOf(window.from);
  const toHour = hourOf(window.to - 1);
  const firstDay = Math.ceil(window.from / DAY_MS) * DAY_MS;
  const endDays = Math.floor(Math.min(window.to, liveFrom) / DAY_MS) * DAY_MS;
  if (endDays <= firstDay) return { days: [], ...(await readHourRanges(workspace, promptId, [[fromHour, toHour]])) };
  const edges: [string, string][] = [];
  if (window.from < firstDay) edges.push([fromHour, hourOf(firstDay - 1)]);
  if (endDays < window.to) edges.push([hourOf(endDays), toHour]);
  const [days, edgeHours] = await Promise.all([
    readDays(workspace, promptId, dayKey(firstDay), dayKey(endDays - 1), window.granularity === 'hour'),
    readHourRanges(workspace, promptId, edges),
  ]);
  // Days without an item (none rolled, or too big for one): their hours, in runs of days.
  const missing: [string, string][] = [];
  for (let d = firstDay; d < endDays; d += DAY_MS) {
    if (days.has(dayKey(d))) continue;
    const last = missing.at(-1);
    if (last && last[1] === hourOf(d - 1)) last[1] = hourOf(d + DAY_MS - 1);
    else missing.push([hourOf(d), hourOf(d + DAY_MS - 1)]);
  }
  const gaps = await readHourRanges(workspace, promptId, missing);
  return {
    days: [...days.values()],
    rows: [...edgeHours.rows, ...gaps.rows],
    keys: [...edgeHours.keys, ...gaps.keys],
    rolled: new Set([...edgeHours.rolled, ...gaps.rolled]),
  };
}

/** A stored hourly point, in the contract's order. */
const storedPoint = (p: Record<string, unknown>): StatsPoint => ({
  at: String(p.at),
  compiles: Number(p.compiles),
  runs: Number(p.runs),
  errors: Number(p.errors),
  tokens_in: Number(p.tokens_in),
  tokens_out: Number(p.tokens_out),
  cost_usd: Number(p.cost_usd),
  latency_p50_ms: p.latency_p50_ms === null || p.latency_p50_ms === undefined ? null : Number(p.latency_p50_ms),
  latency_p95_ms: p.latency_p95_ms === null || p.latency_p95_ms === undefined ? null : Number(p.latency_p95_ms),
});

/**
 * Adds up a day's rolled-up hours into its day item (the usage-rollup worker, after each hour of
 * the day): rows summed over the hours, each key's latest fetch, and each hour's series point;
 * then the prompt's day in the workspace's roll-up.
 */
export async function rollUpDay(workspace: WorkspacePk, promptId: string, day: string): Promise<void> {
  const hours = await readHourRanges(workspace, promptId, [[`${day}T00`, `${day}T23`]]);
  const rows = new Map<string, UsageRow>();
  const byHour = new Map<string, UsageRow[]>();
  for (const row of hours.rows) {
    const hourRows = byHour.get(row.hour);
    if (hourRows) hourRows.push(row);
    else byHour.set(row.hour, [row]);
    const id = rowId(row);
    const into = rows.get(id);
    if (into) addRow(into, row);
    else rows.set(id, addRow(emptyRow(row), row));
  }
  const keys = new Map<string, KeyFetch>();
  for (const k of hours.keys) if ((keys.get(k.api_key_id)?.at ?? -1) < k.at) keys.set(k.api_key_id, k);
  const points = [...byHour.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([hour, hourRows]) => {
      const s = sums();
      for (const r of hourRows) add(s, r);
      return point(`${hour}:00:00Z`, s);
    });
  await Promise.all([
    writeDay(workspace, promptId, { day, hours: hours.rolled.size, rows: [...rows.values()], keys: [...keys.values()], points }),
    // The workspace overview's roll-up of the same hours (so it never reads every prompt's partition).
    writePromptDay(workspace, promptId, day, hours.rolled.size, new Map([...byHour].map(([hour, r]) => [hour, countsOf(r)]))),
  ]);
}

export async function promptStats(workspace: WorkspacePk, prompt: PromptItem, window: Window, now = Date.now()): Promise<PromptStats> {
  const fromHour = hourOf(window.from);
  const toHour = hourOf(window.to - 1);
  const liveFrom = hourStart(hourOf(now)) - (LIVE_HOURS - 1) * 3_600_000;
  const recent: string[] = [];
  for (let h = Math.max(hourStart(fromHour), liveFrom); h <= hourStart(toHour); h += 3_600_000) recent.push(hourOf(h));
  const [read, evaluations, ratings] = await Promise.all([
    readWindow(workspace, prompt.id, window, liveFrom),
    listEvaluations(workspace, prompt.id),
    ratingsOf(workspace, prompt.id, window),
  ]);
  const live = await Promise.all(recent.filter((h) => !read.rolled.has(h)).map(async (hour) => ({ hour, ...(await readShards(workspace, prompt.id, hour)) })));

  const totals = sums();
  const byVersion = new Map<number, Sums>();
  const byLabel = new Map<string, Sums>();
  const byBucket = new Map<string, Sums>();
  /** Adds a row to the totals, its version, its label and (unless `at` is null) its series bucket. */
  const count = (r: UsageRow, at: string | null) => {
    add(totals, r);
    add(sumsIn(byVersion, r.version), r);
    if (r.label) add(sumsIn(byLabel, r.label), r);
    if (at !== null) add(sumsIn(byBucket, at), r);
  };
  const bucketOf = (hour: string) => (window.granularity === 'hour' ? `${hour}:00:00Z` : `${hour.slice(0, 10)}T00:00:00Z`);
  const keys: KeyFetch[] = [...read.keys];
  const dayPoints: StatsPoint[] = [];
  for (const r of read.rows) count(r, bucketOf(r.hour));
  for (const day of read.days) {
    // A day item's rows have no hour: for an hourly series its hours' points were kept with it.
    const at = window.granularity === 'hour' ? null : `${day.day}T00:00:00Z`;
    for (const r of day.rows) count(r, at);
    keys.push(...day.keys);
    if (window.granularity === 'hour') for (const p of day.points) dayPoints.push(storedPoint(p as Record<string, unknown>));
  }
  for (const hour of live) {
    for (const r of hour.rows) count(r, bucketOf(hour.hour));
    keys.push(...hour.keys);
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
    totals: summary(totals),
    versions: versions.map((version) => ({
      ...summary(byVersion.get(version) ?? sums()),
      evaluation_pass_rate: passRateOf(evaluations, version, window.to),
      ...votesOf(ratings.versions.find((r) => r.version === version)),
      version,
      labels: Object.keys(labels)
        .filter((l) => labels[l] === version)
        .sort(),
    })),
    labels: [...new Set([...byLabel.keys(), ...Object.keys(labels)])].sort().map((label) => ({
      ...summary(byLabel.get(label) ?? sums()),
      label,
      version: labels[label] ?? null,
    })),
    series: [...[...byBucket.entries()].map(([at, s]) => point(at, s)), ...dayPoints].sort((a, b) => (a.at < b.at ? -1 : 1)),
    stale_clients:
      production === null
        ? []
        : [...last.values()]
            .filter((k) => k.version < production)
            .sort((a, b) => b.at - a.at)
            .map((k) => ({ api_key_id: k.api_key_id, version: k.version, last_fetch_at: new Date(k.at).toISOString() })),
  };
}
