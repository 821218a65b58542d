import * as z from 'zod/mini';

/**
 * The worker table: every background worker once, as the route table lists routes
 * (docs/architecture.md, "Background work"). From it the CDK stack creates a queue, its
 * dead-letter queue, the worker function and the event source mapping per entry
 * (infra/constructs/workers.ts); the local stack runs the same handler on a local queue
 * (infra/local/queue.ts); `enqueue` (functions/lib/services/queue.ts) types each body by it.
 *
 * Adding a worker: an entry here, its module `functions/workers/<name>.ts` exporting
 * `handler = worker('<name>', async (body, message) => …)`, and `enqueues: ['<name>']` on the
 * routes (or workers) that send to it.
 */
export interface WorkerDef {
  /** Lower-case words joined by dashes: names the queue, and `QUEUE_URL_<NAME>` carries its URL. */
  name: string;
  /** A module under functions/ without extension (`workers/evaluation`); its `handler` export runs. */
  handler: string;
  /** A message's body, checked when it is enqueued and again when it is received. */
  body: z.ZodMiniType;
  /** Messages per invocation (1–10). A handler may fail some and keep the rest (partial batch failure). */
  batchSize: number;
  /** Invocations at once, at most (2–1,000: SQS event source mappings start at 2). */
  maxConcurrency: number;
  /** The function's time-out (1–900 s). */
  timeoutSeconds: number;
  /**
   * How long a received message stays hidden before it is delivered again (after a throw, a
   * reported failure, a time-out or a crash). Greater than timeoutSeconds; default 6 × it, as AWS
   * advises for Lambda consumers.
   */
  visibilityTimeoutSeconds?: number;
  /** Deliveries before the message moves to the dead-letter queue (1–1,000). */
  maxReceiveCount: number;
  memoryMb?: number;
  /** Table access; default read-write (workers record what they did). */
  table?: 'RO' | 'RW';
  /** The worker seals or opens secrets users give (functions/lib/services/secret-box.ts). */
  secrets?: boolean;
  /** The worker sends email (functions/lib/services/mail.ts): deployed, it gets MAIL_FROM, MAIL_SITE_URL and ses:SendEmail as the mail routes do. */
  mails?: boolean;
  /** Workers this one enqueues to (it gets sqs:SendMessage on their queues only). */
  enqueues?: readonly string[];
}

export const WORKERS = [
  // Evaluations (issue 29): one message per evaluation; it hands the rest to a new message before its time-out.
  {
    name: 'evaluation',
    handler: 'workers/evaluation',
    body: z.strictObject({ workspace: z.string(), prompt_id: z.string(), evaluation_id: z.string() }),
    batchSize: 1,
    maxConcurrency: 20,
    timeoutSeconds: 900,
    maxReceiveCount: 3,
    memoryMb: 512,
    secrets: false,
  },
  // Events (issue 31): one message per change told (use-cases/events.ts); the worker keeps it in the
  // activity feed and hands it to the workspace's webhooks. Cheap and idempotent: many at once.
  {
    name: 'events',
    handler: 'workers/events',
    body: z.strictObject({ workspace: z.string(), event: z.record(z.string(), z.unknown()) }),
    batchSize: 10,
    maxConcurrency: 20,
    timeoutSeconds: 60,
    maxReceiveCount: 5,
    secrets: false,
    enqueues: ['webhook'],
  },
  // Webhook deliveries (issue 31): one message per attempt; a failed attempt enqueues the next with
  // its backoff, so a receiver that hangs holds one invocation for the time-out, never a change.
  {
    name: 'webhook',
    handler: 'workers/webhook',
    body: z.strictObject({
      workspace: z.string(),
      webhook_id: z.string(),
      delivery_id: z.string(),
      due_at: z.optional(z.number()),
      // Where to send, as the fan-out read it (the secret sealed, never plain): used while the webhook's gate still has this rev.
      target: z.optional(z.strictObject({ url: z.string(), sealed_secret: z.string(), rev: z.string(), failing: z.boolean() })),
    }),
    batchSize: 10,
    maxConcurrency: 50,
    timeoutSeconds: 60,
    maxReceiveCount: 5,
    secrets: true,
    // A webhook failing for 24 hours mails its creator once.
    mails: true,
    enqueues: ['webhook', 'events'],
  },
  // Usage roll-ups (issue 30): one message per prompt and hour, after the hour ends; it adds the hour's write shards into the prompt's stats.
  {
    name: 'usage-rollup',
    handler: 'workers/usage-rollup',
    body: z.strictObject({ workspace: z.string(), prompt_id: z.string(), hour: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/)) }),
    batchSize: 10,
    maxConcurrency: 5,
    timeoutSeconds: 60,
    maxReceiveCount: 5,
    secrets: false,
    enqueues: ['usage-rollup'],
  },
] as const satisfies readonly WorkerDef[];

/** What AWS advises for a Lambda consumer: hidden six times the function's time-out. */
export const visibilityTimeoutOf = (w: Pick<WorkerDef, 'timeoutSeconds' | 'visibilityTimeoutSeconds'>) =>
  w.visibilityTimeoutSeconds ?? Math.min(6 * w.timeoutSeconds, 43_200);

/** SQS holds a message back at most this long (DelaySeconds); longer waits re-enqueue. */
export const MAX_DELAY_SECONDS = 900;

/** `QUEUE_URL_EVALUATION` for `evaluation`: the variable carrying a queue's URL to its senders. */
export const queueUrlEnv = (name: string) => `QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;

/** `Evaluation` for `evaluation`: construct ids and names. */
export const workerId = (name: string) =>
  name
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** The problems of a worker table (checked by the stack, the local queue and the tests). */
export function workerTableProblems(workers: readonly WorkerDef[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const w of workers) {
    const at = `worker ${w.name}`;
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(w.name)) problems.push(`${at}: the name is lower-case words joined by dashes`);
    if (names.has(w.name)) problems.push(`${at}: listed twice`);
    names.add(w.name);
    const within = (field: keyof WorkerDef, value: number, min: number, max: number) => {
      if (!Number.isInteger(value) || value < min || value > max) problems.push(`${at}: ${field} is a whole number from ${min} to ${max}`);
    };
    within('batchSize', w.batchSize, 1, 10);
    within('maxConcurrency', w.maxConcurrency, 2, 1000);
    within('timeoutSeconds', w.timeoutSeconds, 1, 900);
    within('maxReceiveCount', w.maxReceiveCount, 1, 1000);
    const visibility = visibilityTimeoutOf(w);
    within('visibilityTimeoutSeconds', visibility, 0, 43_200);
    if (visibility <= w.timeoutSeconds) problems.push(`${at}: the visibility time-out must be longer than the function's time-out`);
  }
  for (const w of workers)
    for (const target of w.enqueues ?? []) if (!names.has(target)) problems.push(`worker ${w.name}: enqueues to ${target}, which is not a worker`);
  return problems;
}
