import { describe, expect, it } from 'vitest';
import { costMicros, PRICES_AS_OF, priceOf } from '@shared/prices';
import { hourOf, LATENCY_BOUNDS_MS, LATENCY_BUCKETS, latencyBucket, mergeHistogram, percentile } from '@shared/stats';

const histogramOf = (values: number[]) => {
  const h = Array(LATENCY_BUCKETS).fill(0);
  for (const v of values) h[latencyBucket(v)]++;
  return h;
};
/** The exact quantile of a sample (nearest rank). */
const exact = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)]!;

describe('latency histograms', () => {
  it('put each latency in the bucket whose bounds hold it', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(5)).toBe(0);
    expect(latencyBucket(5.1)).toBe(1);
    expect(latencyBucket(60_000)).toBe(LATENCY_BOUNDS_MS.length - 1);
    expect(latencyBucket(1e9)).toBe(LATENCY_BOUNDS_MS.length);
  });

  it('merge by adding, and the merged percentiles equal those of all the values at once', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647) ** 3 * 8_000;
    };
    const shards = Array.from({ length: 16 }, () => Array.from({ length: 200 }, random));
    const merged = shards.map(histogramOf).reduce((a, b) => mergeHistogram(a, b), Array(LATENCY_BUCKETS).fill(0));
    const all = shards.flat();
    expect(merged).toEqual(histogramOf(all));
    for (const q of [0.5, 0.95]) {
      const got = percentile(merged, q)!;
      const want = exact(all, q);
      // Within the width of want's bucket.
      const i = latencyBucket(want);
      const low = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
      expect(got).toBeGreaterThanOrEqual(low);
      expect(got).toBeLessThanOrEqual(LATENCY_BOUNDS_MS[i] ?? Number.POSITIVE_INFINITY);
    }
  });

  it('answer null when empty, and the lower bound of the open last bucket', () => {
    expect(percentile(Array(LATENCY_BUCKETS).fill(0), 0.5)).toBeNull();
    expect(percentile(histogramOf([100_000]), 0.5)).toBe(60_000);
    expect(percentile(histogramOf([40, 40, 40, 40]), 0.5)).toBeGreaterThan(35);
  });

  it('key hours in UTC', () => {
    expect(hourOf(Date.parse('2026-11-26T19:59:59.999Z'))).toBe('2026-11-26T19');
  });
});

describe('the price table', () => {
  it('is dated, matches a model by name or its longest listed prefix, and costs unlisted models nothing', () => {
    expect(PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(priceOf('gpt-4.1-mini-2025-04-14')).toEqual(priceOf('gpt-4.1-mini'));
    expect(priceOf('gpt-4.1-2025-04-14')).toEqual(priceOf('gpt-4.1'));
    expect(costMicros('gpt-4.1-mini', 1_000, 500)).toBe(1_000 * 0.4 + 500 * 1.6);
    expect(costMicros('local', 1_000, 500)).toBe(0);
    expect(costMicros(undefined, 1_000, 500)).toBe(0);
  });
});
