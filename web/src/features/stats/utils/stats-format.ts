import type { StatsPoint, StatsSummary } from '@shared/contract/stats';

/** The windows the Stats page offers: by hour up to a week, by day beyond. */
export interface StatsRange {
  key: string;
  label: string;
  days: number;
  granularity: 'hour' | 'day';
}
export const RANGES: StatsRange[] = [
  { key: '1d', label: 'Last 24 hours', days: 1, granularity: 'hour' },
  { key: '7d', label: 'Last 7 days', days: 7, granularity: 'hour' },
  { key: '30d', label: 'Last 30 days', days: 30, granularity: 'day' },
  { key: '90d', label: 'Last 90 days', days: 90, granularity: 'day' },
];

export const count = (n: number) => n.toLocaleString();
export const ms = (n: number | null) => (n === null ? '–' : n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`);
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);
export const dollars = (usd: number) => (usd === 0 ? '$0' : usd < 0.01 ? `$${usd.toPrecision(2)}` : `$${usd.toFixed(2)}`);

/** Tokens some of whose uses Construct counted itself (the model gave none): said beside the counts. */
export const estimatedNote = (uses: number) => (uses ? ` (estimated for ${count(uses)} ${uses === 1 ? 'use' : 'uses'})` : '');

export const compilesOf = (s: StatsSummary) => s.compiles.registry + s.compiles.sdk + s.compiles.mcp + s.compiles.workbench;

/** A bucket's time as its axis and table show it: the hour, or the day. */
export function bucketLabel(at: string, granularity: 'hour' | 'day'): string {
  const date = new Date(at);
  return granularity === 'hour'
    ? date.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

/** One series of the charts: what it plots from each bucket, and how its values read. */
export interface SeriesSpec {
  key: keyof StatsPoint;
  name: string;
  format: (n: number | null) => string;
}

export const USE_SERIES: SeriesSpec[] = [
  { key: 'compiles', name: 'Compiles', format: (n) => count(n ?? 0) },
  { key: 'runs', name: 'Runs', format: (n) => count(n ?? 0) },
  { key: 'errors', name: 'Errors', format: (n) => count(n ?? 0) },
];
export const LATENCY_SERIES: SeriesSpec[] = [
  { key: 'latency_p50_ms', name: 'Latency p50', format: ms },
  { key: 'latency_p95_ms', name: 'Latency p95', format: ms },
];
export const COST_SERIES: SeriesSpec[] = [
  { key: 'tokens_in', name: 'Tokens in', format: (n) => count(n ?? 0) },
  { key: 'tokens_out', name: 'Tokens out', format: (n) => count(n ?? 0) },
];
