import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  paginateQuery,
  paginateScan,
  type QueryCommandInput,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { config } from '../http/config';
import { ServiceUnavailableError } from '../http/errors';
import { lostToConcurrentWrite, retry } from './retry';

/**
 * How long one DynamoDB attempt may take: to connect, and to answer. Without them a frozen or
 * unreachable endpoint holds a request until the Lambda time-out; with them (and the SDK's 3
 * attempts) a route answers 503 within seconds. Single-item work answers in milliseconds, and the
 * largest page (1 MB) well within the request time-out. (Without throwOnRequestTimeout the handler
 * only logs a warning when the request time-out passes.)
 */
export const DYNAMO_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 2_500, throwOnRequestTimeout: true };

/**
 * One client per container, reused across invocations. The SDK's standard retries back off
 * exponentially with jitter between attempts; the local tools ask for more patience (config.ts).
 */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: config.region,
    maxAttempts: config.dynamoMaxAttempts ?? 3,
    requestHandler: new NodeHttpHandler({ ...DYNAMO_TIMEOUTS, requestTimeout: config.dynamoRequestTimeoutMs ?? DYNAMO_TIMEOUTS.requestTimeout }),
    ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const TABLE = config.tableName;

/** A DynamoDB key of the table. */
export type Key = { pk: string; sk: string };
/** An item as stored. */
export type Item = Record<string, unknown>;

/** DynamoDB's limit on one item, counted in bytes (docs/data-model.md). */
export const ITEM_BYTES_MAX = 400 * 1024;

/** A string's size as DynamoDB counts it: UTF-8 bytes, not characters ('€' is 3, an emoji 4). */
export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * An item's size as DynamoDB counts it against ITEM_BYTES_MAX: each attribute's name plus its
 * value; strings in UTF-8 bytes, a number at most 21 bytes, a boolean or null 1, a list or map 3
 * plus 1 per element and its contents (map keys count like attribute names).
 */
export function itemBytes(value: unknown): number {
  if (typeof value === 'string') return utf8Bytes(value);
  if (typeof value === 'number') return Math.min(21, Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1);
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + itemBytes(v), 0);
  if (value instanceof Uint8Array) return value.byteLength;
  return 3 + Object.entries(value as Record<string, unknown>).reduce((sum, [k, v]) => sum + 1 + utf8Bytes(k) + itemBytes(v), 0);
}

/**
 * Runs a transactional write, retrying with jitter while it loses to a concurrent transaction on
 * the same items; a failed condition is final and is left for the caller to interpret.
 */
export function transactWithRetry<T>(write: () => Promise<T>, attempts = 6): Promise<T> {
  return retry(
    { attempts, retryOn: (error) => lostToConcurrentWrite(error, { conditionsHeld: true }), delayMs: (attempt) => Math.random() * 20 * 2 ** attempt },
    write,
  );
}

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/** Writes any number of puts/deletes in batches of 25, resending what DynamoDB hands back unprocessed. */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length; attempt++) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending } }));
      pending = (result.UnprocessedItems?.[TABLE] ?? []) as WriteRequest[];
      if (pending.length) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
    }
  }
}

/**
 * Reads up to 100 keys in one BatchGet. Under throttling DynamoDB answers part of a batch and hands
 * the rest back as UnprocessedKeys instead of failing: those are asked for again, and if they still
 * do not come back the request fails with 503 rather than acting on a partial answer (a user who
 * seems not to exist, a rate window that seems empty). `consistent` reads every key strongly
 * (DynamoDB sets it per table, not per key).
 */
export async function batchGet(
  keys: Record<string, unknown>[],
  { projection, consistent = false, attempts = 4 }: { projection?: string; consistent?: boolean; attempts?: number } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let pending = keys;
  for (let attempt = 1; pending.length; attempt++) {
    if (attempt > attempts) throw new ServiceUnavailableError('The service is busy. Please try again in a moment.');
    if (attempt > 1) await new Promise((r) => setTimeout(r, Math.min(200, 25 * 2 ** attempt)));
    const { Responses, UnprocessedKeys } = await db.send(
      new BatchGetCommand({
        RequestItems: {
          [TABLE]: { Keys: pending, ...(projection ? { ProjectionExpression: projection } : {}), ...(consistent ? { ConsistentRead: true } : {}) },
        },
      }),
    );
    items.push(...((Responses?.[TABLE] ?? []) as Record<string, unknown>[]));
    pending = (UnprocessedKeys?.[TABLE]?.Keys ?? []) as Record<string, unknown>[];
  }
  return items;
}

/**
 * The one paging loop: a Query's items page by page past DynamoDB's 1 MB pages (the SDK's own
 * paginator follows LastEvaluatedKey), for work done a page at a time (deleting a partition).
 */
export async function* queryPages(input: Omit<QueryCommandInput, 'TableName'>): AsyncGenerator<Record<string, unknown>[]> {
  for await (const page of paginateQuery({ client: db }, { TableName: TABLE, ...input })) yield page.Items ?? [];
}

/**
 * Whether storage answers (the health route): one eventually consistent GetItem of a key that
 * exists nowhere (half a read unit), random so health checks never pile onto one partition.
 */
export async function pingStorage(): Promise<void> {
  await getItem({ pk: `HEALTH#${randomUUID()}`, sk: 'HEALTH' }, { projection: 'pk' });
}

/** A Scan page by page: maintenance scripts and migrations only, never a request. */
export async function* scanPages(input: Omit<ScanCommandInput, 'TableName'>): AsyncGenerator<Record<string, unknown>[]> {
  for await (const page of paginateScan({ client: db }, { TableName: TABLE, ...input })) yield page.Items ?? [];
}

/** Every item of a Query, all pages. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/** What a `beginsWith` Query may add: a projection, a filter, its values, the order, a strong read. */
export type RangeOptions = Omit<QueryCommandInput, 'TableName' | 'KeyConditionExpression'>;

/** The items of partition `pk` whose sk starts with `prefix`, all pages (the one range query of the entity modules). */
export function beginsWith(pk: string, prefix: string, options: RangeOptions = {}): Promise<Item[]> {
  return queryAll({
    ...options,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ...options.ExpressionAttributeValues, ':pk': pk, ':prefix': prefix },
  });
}

/** One item by key (GetItem); `consistent` reads strongly. */
export async function getItem(
  key: Key,
  { consistent = false, projection, names }: { consistent?: boolean; projection?: string; names?: Record<string, string> } = {},
) {
  const { Item } = await db.send(
    new GetCommand({
      TableName: TABLE,
      Key: key,
      ...(consistent ? { ConsistentRead: true } : {}),
      ...(projection ? { ProjectionExpression: projection } : {}),
      ...(names ? { ExpressionAttributeNames: names } : {}),
    }),
  );
  return Item as Item | undefined;
}
