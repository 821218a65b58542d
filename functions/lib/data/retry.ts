/**
 * The one retry loop for writes that can lose a race (docs/architecture.md, "The request path"):
 * a conditional write whose condition saw a value another request just changed, or a transaction
 * that collided with a concurrent one. `run` is called again, with the attempt number from 1,
 * while its failure is one `retryOn` accepts and attempts remain; it should read again what it
 * conditions on. Once they run out, `exhausted` gives the error to throw (the last failure by
 * default). Any other failure is thrown at once.
 */
export interface RetryPolicy {
  attempts: number;
  retryOn: (error: unknown) => boolean;
  /** Milliseconds to wait before the attempt after `attempt` (jitter spreads racing requests apart); none by default. */
  delayMs?: (attempt: number) => number;
  exhausted?: (error: unknown) => unknown;
}

export async function retry<T>(policy: RetryPolicy, run: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (!policy.retryOn(error)) throw error;
      if (attempt >= policy.attempts) throw policy.exhausted ? policy.exhausted(error) : error;
      const wait = policy.delayMs?.(attempt) ?? 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Why a transaction was cancelled, per item: 'ConditionalCheckFailed' means a guard (uniqueness,
 * plan limit) said no; 'TransactionConflict' means a concurrent writer, worth a retry.
 */
export function cancellationCodes(error: unknown): string[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

/** A single conditional write (Put, Update, Delete) whose condition did not hold. */
export const conditionFailed = (error: unknown): boolean => (error as Error | undefined)?.name === 'ConditionalCheckFailedException';

/** A single write that collided with a transaction in flight on the same item. */
const COLLIDED = ['TransactionConflictException', 'TransactionInProgressException'];

/**
 * A write that lost to a concurrent writer: a transaction cancelled for a TransactionConflict, or a
 * single write that collided with a transaction. `conditionsHeld`: only when none of the
 * transaction's conditions failed too (the same write, unchanged, would then fail again).
 */
export function lostToConcurrentWrite(error: unknown, { conditionsHeld = false } = {}): boolean {
  const codes = cancellationCodes(error);
  if (codes) return codes.includes('TransactionConflict') && !(conditionsHeld && codes.includes('ConditionalCheckFailed'));
  return error instanceof Error && COLLIDED.includes(error.name);
}
