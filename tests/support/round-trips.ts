import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * DynamoDB requests as a client sends them, recorded by a middleware on its stack (deserialize
 * step: it runs once per HTTP attempt, inside the retry loop, so retries count as the round trips
 * they are). The bench and tests/api/round-trips.test.ts both count with it, on the handlers'
 * shared client; functions/lib/db.ts needs no change for it.
 */
export interface Sent {
  /** The command's name without `Command`, e.g. `BatchGetItem`. */
  command: string;
  /** The request as sent (marshalled: `{ S: 'LIBRARY' }`). */
  input: Record<string, unknown>;
  start: number;
  end: number;
}

export function recordRequests(client: DynamoDBDocumentClient): { take(): Sent[] } {
  let sent: Sent[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const entry: Sent = { command: (context.commandName ?? 'unknown').replace(/Command$/, ''), input: args.input as Record<string, unknown>, start: performance.now(), end: Number.NaN };
      sent.push(entry);
      try {
        return await next(args);
      } finally {
        entry.end = performance.now();
      }
    },
    { step: 'deserialize', name: 'roundTripRecorder' },
  );
  return {
    /** The requests since the last take. */
    take() {
      const taken = sent;
      sent = [];
      return taken;
    },
  };
}

/**
 * Round trips in sequence: the longest chain of requests each sent after the previous one's answer
 * came back (requests in flight together count once), i.e. what a request waits for.
 */
export function sequentialRoundTrips(sent: Sent[]): number {
  let count = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const s of [...sent].sort((a, b) => a.end - b.end)) {
    if (s.start >= lastEnd) {
      count++;
      lastEnd = s.end;
    }
  }
  return count;
}

/** Requests by command name, e.g. `{ BatchGetItem: 1, TransactWriteItems: 1 }`. */
export function byCommand(sent: Sent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of sent) counts[s.command] = (counts[s.command] ?? 0) + 1;
  return counts;
}
