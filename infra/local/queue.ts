import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { type LocalQueueTransport, localQueueTransport, setLocalQueueTransport } from '../../functions/lib/services/queue-transport';
import { visibilityTimeoutOf, type WorkerDef, workerTableProblems } from '../../shared/workers';
import { FUNCTIONS_DIR } from './gateway';
import { lambdaContext } from './lambda-event';

/**
 * The background queue on one machine: SQS's semantics, in this process, for the same worker
 * handler modules Lambda runs deployed (docs/architecture.md, "Background work").
 *
 * - Each worker of the table gets a queue and a dead-letter queue. A message is delivered as an
 *   `SQSEvent` record (messageId, body, attributes.ApproximateReceiveCount, SentTimestamp, …), at
 *   most `batchSize` to an invocation and `maxConcurrency` invocations at once.
 * - A received message is hidden for the worker's visibility time-out. The invocation deletes
 *   what succeeded: everything when it returns, all but its `batchItemFailures` when it reports
 *   some; nothing when it throws or outlives `timeoutSeconds` (its late result is ignored).
 *   Whatever is left comes back when the time-out ends; a message received `maxReceiveCount`
 *   times moves to the dead-letter queue instead of a further delivery. `DelaySeconds` hides a
 *   new message until it is due.
 * - With a folder, every change is appended to `<folder>/<worker>.jsonl` (rewritten compactly
 *   at start and when it grows), so messages, in flight or not, outlive a restart of `npm start`:
 *   a message in flight at a crash comes back when its visibility time-out ends. Without a
 *   folder (the test stack) it lives in memory.
 *
 * No timer polls: a queue is looked at when a message arrives, an invocation ends, or the next
 * hidden message becomes due.
 */
export interface LocalQueueOptions {
  workers: readonly WorkerDef[];
  /** Where the journals live; omit to keep messages in memory. */
  dataDir?: string;
  /** Loads a worker's handler (default: its module under functions/, as Lambda would). */
  loadHandler?: (def: WorkerDef) => Promise<WorkerHandler>;
  region?: string;
  /**
   * Load every worker's handler when the queues start, in the background, instead of at its first
   * message: the first change after `npm start` otherwise waits for the workers' modules (1–2 s
   * on a loaded machine, two workers in turn for a webhook delivery), as a cold Lambda would.
   */
  warm?: boolean;
}

export type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined> | Promise<void>;

interface Message {
  id: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceiveAt?: number;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

const defaultLoader = async (def: WorkerDef) => (await import(join(FUNCTIONS_DIR, `${def.handler}.ts`))).handler as WorkerHandler;

export class LocalQueues implements LocalQueueTransport {
  private readonly queues = new Map<string, WorkerQueue>();
  private readonly warm: boolean;

  constructor(options: LocalQueueOptions) {
    this.warm = options.warm ?? false;
    const problems = workerTableProblems(options.workers);
    if (problems.length) throw new Error(`The worker table is invalid: ${problems.join('; ')}`);
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    for (const def of options.workers) this.queues.set(def.name, new WorkerQueue(def, options));
  }

  /** Starts delivering, and makes this the process's queue for `enqueue`. */
  start(): this {
    setLocalQueueTransport(this);
    for (const queue of this.queues.values()) {
      if (this.warm) queue.load();
      queue.pump();
    }
    return this;
  }

  send(worker: string, messages: { body: string; delaySeconds: number }[]): string[] {
    const queue = this.queues.get(worker);
    if (!queue) throw new Error(`No local queue for the worker ${worker}`);
    return messages.map((m) => queue.send(m.body, m.delaySeconds));
  }

  /** What moved to a worker's dead-letter queue, oldest first. */
  deadLetters(worker: string): DeadLetter[] {
    return this.queues.get(worker)?.deadLetters() ?? [];
  }

  /** Messages waiting or in flight on a worker's queue (not the dead-letter queue). */
  depth(worker: string): number {
    return this.queues.get(worker)?.depth() ?? 0;
  }

  /** Stops delivering; messages in flight stay as they are (and come back after a restart). */
  stop(): void {
    for (const queue of this.queues.values()) queue.close();
    if (localQueueTransport() === this) setLocalQueueTransport(undefined);
  }
}

class WorkerQueue {
  private readonly messages = new Map<string, Message>();
  private readonly dead = new Map<string, Message>();
  private readonly visibilityMs: number;
  private readonly arn: string;
  private handler?: Promise<WorkerHandler>;
  private inFlight = 0;
  private timer?: NodeJS.Timeout;
  private timerAt = Number.POSITIVE_INFINITY;
  private closed = false;
  private readonly journal?: { file: string; fd: number; lines: number };

  constructor(
    private readonly def: WorkerDef,
    private readonly options: LocalQueueOptions,
  ) {
    this.visibilityMs = visibilityTimeoutOf(def) * 1000;
    this.arn = `arn:aws:sqs:${options.region ?? 'us-east-1'}:000000000000:${def.name}`;
    if (options.dataDir) {
      const file = join(options.dataDir, `${def.name}.jsonl`);
      if (existsSync(file)) this.replay(readFileSync(file, 'utf8'));
      this.journal = { file, fd: -1, lines: 0 };
      this.compact();
    }
  }

  send(body: string, delaySeconds: number): string {
    if (this.closed) throw new Error(`The local queue of ${this.def.name} is stopped`);
    const now = Date.now();
    const message: Message = { id: randomUUID(), body, sentAt: now, visibleAt: now + delaySeconds * 1000, receiveCount: 0 };
    this.messages.set(message.id, message);
    this.write({ put: message });
    // After the caller's current step, so a batch sent in one go can be delivered together.
    setImmediate(() => this.pump());
    return message.id;
  }

  /** Starts loading the handler (a failure shows at the first invocation, which fails its batch as any throw does). */
  load(): Promise<WorkerHandler> {
    this.handler ??= (this.options.loadHandler ?? defaultLoader)(this.def);
    this.handler.catch(() => undefined);
    return this.handler;
  }

  deadLetters(): DeadLetter[] {
    return [...this.dead.values()].map((m) => ({ messageId: m.id, body: m.body, receiveCount: m.receiveCount }));
  }

  depth(): number {
    return this.messages.size;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.journal && this.journal.fd >= 0) closeSync(this.journal.fd);
  }

  /** Delivers what is due while invocations are free, and wakes up when the next message is. */
  pump(): void {
    if (this.closed) return;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    let batch: Message[] = [];
    for (const message of this.messages.values()) {
      if (this.inFlight >= this.def.maxConcurrency) break;
      if (message.visibleAt > now) {
        next = Math.min(next, message.visibleAt);
        continue;
      }
      if (message.receiveCount >= this.def.maxReceiveCount) {
        this.messages.delete(message.id);
        this.dead.set(message.id, message);
        this.write({ dead: message });
        continue;
      }
      message.receiveCount++;
      message.firstReceiveAt ??= now;
      message.visibleAt = now + this.visibilityMs;
      next = Math.min(next, message.visibleAt);
      this.write({ put: message });
      batch.push(message);
      if (batch.length === this.def.batchSize) {
        this.invoke(batch);
        batch = [];
      }
    }
    if (batch.length) this.invoke(batch);
    this.wakeAt(next);
  }

  private wakeAt(at: number): void {
    if (at === Number.POSITIVE_INFINITY || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timerAt = Number.POSITIVE_INFINITY;
        this.pump();
      },
      Math.max(0, at - Date.now()),
    );
    // A due message never keeps the process alive on its own (npm start's server does).
    this.timer.unref();
  }

  private invoke(batch: Message[]): void {
    this.inFlight++;
    const receiveCounts = new Map(batch.map((m) => [m.id, m.receiveCount]));
    const timeoutMs = this.def.timeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      const handler = await this.load();
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Task timed out after ${this.def.timeoutSeconds} seconds`)), timeoutMs);
      });
      const context = lambdaContext({ functionName: `worker-${this.def.name}`, memoryMb: this.def.memoryMb, timeoutMs });
      return Promise.race([handler({ Records: batch.map((m) => this.record(m)) }, context), timedOut]);
    };
    run()
      .then(
        (result) => {
          const failures = result?.batchItemFailures ?? [];
          const ids = new Set(failures.map((f) => f.itemIdentifier));
          // As Lambda does: a failure naming no message of the batch fails the whole batch.
          if (failures.some((f) => !f.itemIdentifier || !receiveCounts.has(f.itemIdentifier))) return;
          for (const message of batch) if (!ids.has(message.id)) this.delete(message, receiveCounts.get(message.id)!);
        },
        () => {
          // A throw or a time-out: the whole batch comes back after its visibility time-out.
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.inFlight--;
        this.pump();
      });
  }

  /** Deletes a message unless it was received again since (a late answer of a timed-out invocation). */
  private delete(message: Message, receivedAs: number): void {
    if (this.closed || this.messages.get(message.id) !== message || message.receiveCount !== receivedAs) return;
    this.messages.delete(message.id);
    this.write({ delete: message.id });
  }

  private record(m: Message): SQSRecord {
    return {
      messageId: m.id,
      receiptHandle: `${m.id}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(m.firstReceiveAt ?? m.sentAt),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(m.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn,
      awsRegion: this.options.region ?? 'us-east-1',
    };
  }

  // ---- the journal ------------------------------------------------------------------------------

  private write(entry: { put: Message } | { dead: Message } | { delete: string }): void {
    const journal = this.journal;
    if (!journal || this.closed) return;
    writeSync(journal.fd, `${JSON.stringify(entry)}\n`);
    // Rewritten when mostly history, so a long session's file stays near its live size.
    if (++journal.lines > 10_000 && journal.lines > 4 * (this.messages.size + this.dead.size)) this.compact();
  }

  private replay(text: string): void {
    for (const line of text.split('\n')) {
      if (!line) continue;
      let entry: { put?: Message; dead?: Message; delete?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        continue; // a line cut short by a crash
      }
      if (entry.put) this.messages.set(entry.put.id, entry.put);
      else if (entry.dead) {
        this.messages.delete(entry.dead.id);
        this.dead.set(entry.dead.id, entry.dead);
      } else if (entry.delete) this.messages.delete(entry.delete);
    }
  }

  private compact(): void {
    const journal = this.journal!;
    if (journal.fd >= 0) closeSync(journal.fd);
    const lines = [...[...this.messages.values()].map((m) => ({ put: m })), ...[...this.dead.values()].map((m) => ({ dead: m }))].map(
      (e) => `${JSON.stringify(e)}\n`,
    );
    writeFileSync(`${journal.file}.tmp`, lines.join(''));
    renameSync(`${journal.file}.tmp`, journal.file);
    journal.fd = openSync(journal.file, 'a');
    journal.lines = lines.length;
  }
}
