import { describe, expect, it } from 'vitest';
import { conditionFailed, lostToConcurrentWrite, retry } from '../../functions/lib/data/retry';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(name), { name, ...extra });
const cancelled = (...codes: string[]) => named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });

describe('retry', () => {
  it('runs again while the failure is retryable, with the attempt number', async () => {
    const seen: number[] = [];
    const result = await retry({ attempts: 5, retryOn: (e) => e === 'race' }, async (attempt) => {
      seen.push(attempt);
      if (attempt < 3) throw 'race';
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('throws the exhausted error after the last attempt, and any other failure at once', async () => {
    let runs = 0;
    const losing = retry({ attempts: 3, retryOn: () => true, exhausted: () => new Error('gave up') }, async () => {
      runs++;
      throw new Error('race');
    });
    await expect(losing).rejects.toThrow('gave up');
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      retry({ attempts: 3, retryOn: (e) => e === 'race' }, async () => {
        runs++;
        throw new Error('final');
      }),
    ).rejects.toThrow('final');
    expect(runs).toBe(1);
  });
});

describe('write conflicts', () => {
  it('tells a lost race from a failed condition', () => {
    expect(lostToConcurrentWrite(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(lostToConcurrentWrite(named('TransactionConflictException'))).toBe(true);
    expect(lostToConcurrentWrite(cancelled('ConditionalCheckFailed', 'None'))).toBe(false);
    // A transaction whose condition also failed would fail again unchanged: not worth the same retry.
    expect(lostToConcurrentWrite(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(true);
    expect(lostToConcurrentWrite(cancelled('ConditionalCheckFailed', 'TransactionConflict'), { conditionsHeld: true })).toBe(false);
    expect(conditionFailed(named('ConditionalCheckFailedException'))).toBe(true);
    expect(conditionFailed(cancelled('ConditionalCheckFailed'))).toBe(false);
  });
});
