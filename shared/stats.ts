/**
 * The scoreboard's arithmetic (docs/architecture.md, "Usage and stats"), shared by the server
 * that counts and the browser that draws: latency kept as counts in fixed buckets, so hours and
 * shards merge by adding, and percentiles are read from the merged counts.
 */

/** Upper bounds (ms) of the latency buckets; a last bucket takes everything above the last bound. */
export const LATENCY_BOUNDS_MS = [
  5, 10, 20, 35, 50, 75, 100, 150, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 7_500, 10_000, 20_000, 60_000,
] as const;
/** How many buckets a histogram has (one more than the bounds). */
export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** The bucket a latency falls in. */
export function latencyBucket(ms: number): number {
  const i = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return i === -1 ? LATENCY_BOUNDS_MS.length : i;
}

/** Adds histogram b into a (both LATENCY_BUCKETS long, missing counts are 0). */
export function mergeHistogram(a: number[], b: readonly number[]): number[] {
  for (let i = 0; i < LATENCY_BUCKETS; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
  return a;
}

/**
 * The q-quantile (0..1) of a histogram, interpolated linearly inside its bucket; null when it
 * holds nothing. Exact to the bucket's width: the bounds are ~1.5x apart, so within ±25%.
 * The open last bucket answers its lower bound.
 */
export function percentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((n, c) => n + (c ?? 0), 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < LATENCY_BUCKETS; i++) {
    const count = histogram[i] ?? 0;
    if (!count) continue;
    if (seen + count >= rank) {
      const low = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      if (i === LATENCY_BOUNDS_MS.length) return low;
      const high = LATENCY_BOUNDS_MS[i]!;
      return Math.round(low + ((rank - seen) / count) * (high - low));
    }
    seen += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}

/** The hour an instant falls in, as stored: `2026-11-26T19` (UTC). */
export const hourOf = (at: Date | number) => new Date(at).toISOString().slice(0, 13);
/** The day an hour key falls in: `2026-11-26`. */
export const dayOfHour = (hour: string) => hour.slice(0, 10);
/** An hour key's start, in ms. */
export const hourStart = (hour: string) => Date.parse(`${hour}:00:00.000Z`);
