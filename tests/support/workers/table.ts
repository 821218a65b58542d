import * as z from 'zod/mini';
import type { WorkerDef } from '../../../shared/workers';

/**
 * Workers that exist only in tests: the local queue's semantics are tested on them, and the infra
 * test synthesises them (the product's table may be empty or hold none that throw on demand).
 * `act` tells the echo worker what to do on each delivery.
 */
export const TestJob = z.object({
  key: z.string(),
  act: z.optional(z.enum(['ok', 'throw', 'hang-once', 'throw-twice', 'report-unknown'])),
});

export const TEST_WORKERS = [
  {
    name: 'test-echo',
    handler: '../tests/support/workers/echo',
    body: TestJob,
    batchSize: 5,
    maxConcurrency: 2,
    timeoutSeconds: 1,
    visibilityTimeoutSeconds: 2,
    maxReceiveCount: 3,
    secrets: true,
  },
  {
    name: 'test-relay',
    handler: '../tests/support/workers/relay',
    body: TestJob,
    batchSize: 1,
    maxConcurrency: 2,
    timeoutSeconds: 5,
    maxReceiveCount: 2,
    table: 'RO',
    enqueues: ['test-echo'],
  },
] as const satisfies readonly WorkerDef[];

/** A delivery the echo worker saw. */
export interface Delivery {
  key: string;
  messageId: string;
  receiveCount: number;
  /** How many records the invocation carried. */
  batch: number;
  at: number;
  outcome: 'ok' | 'threw' | 'hung';
}

/** Deliveries in this process, for tests to poll (the local queue runs handlers in process). */
export const deliveries = (): Delivery[] => ((globalThis as any)[Symbol.for('construct.test-deliveries')] ??= []);
