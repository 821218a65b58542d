import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * DynamoDB requests as a client sends them, recorded by a middleware on its stack (deserialize
 * step: it runs once per HTTP attempt, inside the retry loop, so retries count as the round trips
 * they are). The bench and tests/api/round-trips.test.ts both count with it, on the handlers'
 * shared client; functions/lib/data/db.ts needs no change for it.
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
      const entry: Sent = {
        command: (context.commandName ?? 'unknown').replace(/Command$/, ''),
        input: args.input as Record<string, unknown>,
        start: performance.now(),
        end: Number.NaN,
      };
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

/** What a route's requests name: `pk` values, and `index:<name>:<partition>` for index queries. */
export function touchedKeys(sent: Sent[]): string[] {
  const keys: string[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const record = value as Record<string, unknown>;
    const pk = record.pk as { S?: string } | string | undefined;
    if (pk !== undefined) keys.push(typeof pk === 'string' ? pk : String(pk.S));
    for (const [name, child] of Object.entries(record)) if (name !== 'pk' && name !== 'ExpressionAttributeValues') visit(child);
  };
  for (const s of sent) {
    if (s.command === 'Query' || s.command === 'Scan') {
      const expression = String(s.input.KeyConditionExpression ?? '');
      const [, attribute, placeholder] = /(\w+)\s*=\s*(:\w+)/.exec(expression) ?? [];
      const values = s.input.ExpressionAttributeValues as Record<string, { S?: string } | string>;
      const raw = placeholder ? values[placeholder] : undefined;
      const value = typeof raw === 'string' ? raw : String(raw?.S);
      keys.push(s.input.IndexName ? `index:${s.input.IndexName}:${attribute}=${value}` : value);
      if (s.command === 'Scan') keys.push('SCAN');
    } else visit(s.input);
  }
  return keys;
}

/** Every full item key (`pk`, `sk`) a route's requests name: gets, puts, updates, deletes, conditions, in batches and transactions. */
export function touchedItemKeys(sent: Sent[]): { pk: string; sk: string }[] {
  const found: { pk: string; sk: string }[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v : String((v as { S?: string } | undefined)?.S));
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const record = value as Record<string, unknown>;
    if (record.pk !== undefined && record.sk !== undefined) found.push({ pk: text(record.pk), sk: text(record.sk) });
    for (const [name, child] of Object.entries(record)) if (name !== 'ExpressionAttributeValues') visit(child);
  };
  for (const s of sent) if (s.command !== 'Query' && s.command !== 'Scan') visit(s.input);
  return found;
}
