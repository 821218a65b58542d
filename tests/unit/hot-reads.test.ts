import { describe, expect, it } from 'vitest';
import { HOT_READS_PER_SECOND, HOT_TTL_MS, hotRead } from '../../functions/lib/data/hot-reads';

/** A key's reads at `perSecond` from `from` for `seconds`, counting the loads that reached the store. */
async function readAt(key: string, perSecond: number, from: number, seconds: number, answer = () => Promise.resolve('value')) {
  let loads = 0;
  for (let i = 0; i < perSecond * seconds; i++) {
    await hotRead(
      key,
      () => {
        loads++;
        return answer();
      },
      from + Math.floor((i * 1000) / perSecond),
    );
  }
  return loads;
}

describe('hotRead: a key read often is read about once a second per process', () => {
  it('reads a key used less than HOT_READS_PER_SECOND times a second every time', async () => {
    expect(await readAt('cool', HOT_READS_PER_SECOND - 1, 0, 3)).toBe((HOT_READS_PER_SECOND - 1) * 3);
  });

  it('keeps a hot key for HOT_TTL_MS, renews it while it stays hot, and reads fresh again once it cools', async () => {
    // First second: reads until the key turns hot, then one kept copy for the rest.
    const first = await readAt('hot', 200, 10_000, 1);
    expect(first).toBe(HOT_READS_PER_SECOND);
    // While it stays hot: one read per HOT_TTL_MS.
    const busy = await readAt('hot', 200, 11_000, 5);
    expect(busy).toBe(Math.ceil(5_000 / HOT_TTL_MS));
    // After a pause and at a low rate, every read is fresh (a change shows at once).
    expect(await readAt('hot', 5, 30_000, 2)).toBe(10);
  });

  it('does not keep a failed read', async () => {
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('throttled'));
    };
    for (let i = 0; i < HOT_READS_PER_SECOND + 5; i++) await expect(hotRead('failing', failing, 50_000 + i)).rejects.toThrow('throttled');
    expect(loads).toBe(HOT_READS_PER_SECOND + 5);
  });
});
