import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LATENCY_BUCKETS } from '@shared/stats';
import { batchWrite, db, type Item, itemBytes, queryAll, TABLE } from './db';
import type { WorkspacePk } from './keys';
import { conditionFailed } from './retry';

/**
 * Usage counters (docs/data-model.md, "usage shard", "usage hour"; docs/architecture.md, "Usage
 * and stats"); this module is their only writer. Counting writes go to one of USAGE_SHARDS
 * partitions per prompt and hour (`USAGE#<workspace>#<prompt>#<hour>#<shard>`), so one prompt's
 * 10,000 compiles a second make about 625 writes a second on each and none is a hot key; the
 * `usage-rollup` worker adds an hour's shards into the prompt's stats partition
 * (`STATS#<workspace>#<prompt>`), and then the day's rolled hours into one day item there; the
 * stats route reads whole past days from their day items and only the edges of a window by the
 * hour. Shards expire a week after their hour, rolled-up hours and days after 400 days (the
 * longest window is a year).
 */
export const USAGE_SHARDS = 16;
const SHARD_DAYS = 7;
const ROLLED_DAYS = 400;

export type UsageChannel = 'registry' | 'sdk' | 'mcp' | 'workbench' | 'evaluation' | 'compare';
export type UsageKind = 'compile' | 'run' | 'feedback';

/** One row of counters: a version, a channel, a kind of use and a label ('' none), in one hour. */
export interface UsageRow {
  version: number;
  channel: UsageChannel;
  kind: UsageKind;
  label: string;
  /** Uses counted. */
  n: number;
  errors: number;
  tokens_in: number;
  tokens_out: number;
  /** Uses whose tokens Construct counted itself (the model gave no usage). */
  tokens_estimated: number;
  /** Estimated cost in millionths of a dollar (whole numbers add exactly). */
  cost_micros: number;
  thumbs_up: number;
  thumbs_down: number;
  /** Latency counts per bucket (shared/stats.ts). */
  latency: number[];
}

/** The last fetch an API key made of the prompt: which version, when (ms). */
export interface KeyFetch {
  api_key_id: string;
  version: number;
  at: number;
}

const COUNTERS = ['n', 'errors', 'tokens_in', 'tokens_out', 'tokens_estimated', 'cost_micros', 'thumbs_up', 'thumbs_down'] as const;
const pad = (version: number) => String(version).padStart(6, '0');
const rowSk = (r: Pick<UsageRow, 'version' | 'channel' | 'kind' | 'label'>) => `R#${pad(r.version)}#${r.channel}#${r.kind}#${r.label}`;
export const rowId = rowSk;

export const usageKeys = {
  shard: (workspace: WorkspacePk, promptId: string, hour: string, shard: number) => `USAGE#${workspace}#${promptId}#${hour}#${shard}`,
  stats: (workspace: WorkspacePk, promptId: string) => `STATS#${workspace}#${promptId}`,
};

// Fields written out, not spread: V8's object spread made this 10 µs a row, most of the stats route's CPU.
export const emptyRow = (r: Pick<UsageRow, 'version' | 'channel' | 'kind' | 'label'>): UsageRow => ({
  version: r.version,
  channel: r.channel,
  kind: r.kind,
  label: r.label,
  n: 0,
  errors: 0,
  tokens_in: 0,
  tokens_out: 0,
  tokens_estimated: 0,
  cost_micros: 0,
  thumbs_up: 0,
  thumbs_down: 0,
  latency: Array(LATENCY_BUCKETS).fill(0),
});

/** Adds b's counters into a. */
export function addRow(a: UsageRow, b: UsageRow): UsageRow {
  for (const c of COUNTERS) a[c] += b[c];
  for (let i = 0; i < LATENCY_BUCKETS; i++) a.latency[i] = (a.latency[i] ?? 0) + (b.latency[i] ?? 0);
  return a;
}

function rowOf(item: Item): UsageRow {
  const row = emptyRow({ version: Number(item.v), channel: item.ch as UsageChannel, kind: item.k as UsageKind, label: String(item.lb ?? '') });
  for (const c of COUNTERS) row[c] = Number(item[c] ?? 0);
  for (let i = 0; i < LATENCY_BUCKETS; i++) row.latency[i] = Number(item[`l${i}`] ?? 0);
  return row;
}

function attributesOf(row: UsageRow): Item {
  const item: Item = { v: row.version, ch: row.channel, k: row.kind, lb: row.label };
  for (const c of COUNTERS) if (row[c]) item[c] = row[c];
  row.latency.forEach((count, i) => {
    if (count) item[`l${i}`] = count;
  });
  return item;
}

const expiry = (hour: string, days: number) => Math.floor(Date.parse(`${hour}:00:00Z`) / 1000) + days * 86_400;

/** Adds a row's counters into a random shard of its hour: one UpdateItem, ADD only, so writes never conflict. */
export async function addToShard(workspace: WorkspacePk, promptId: string, hour: string, row: UsageRow): Promise<void> {
  const shard = Math.floor(Math.random() * USAGE_SHARDS);
  const attributes = attributesOf(row);
  const adds = Object.keys(attributes).filter((name) => typeof attributes[name] === 'number' && name !== 'v');
  const names: Record<string, string> = { '#t': 'type', '#v': 'v', '#ch': 'ch', '#k': 'k', '#lb': 'lb' };
  const values: Item = { ':t': 'usage_shard', ':v': row.version, ':ch': row.channel, ':k': row.kind, ':lb': row.label, ':exp': expiry(hour, SHARD_DAYS) };
  adds.forEach((name, i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = attributes[name];
  });
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { pk: usageKeys.shard(workspace, promptId, hour, shard), sk: rowSk(row) },
      UpdateExpression: `SET #t = :t, #v = :v, #ch = :ch, #k = :k, #lb = :lb, expires_at = :exp${adds.length ? ` ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Notes an API key's fetch of a version in its hour (the shard is the key's own, so the latest fetch wins by its time). */
export async function noteKeyFetch(workspace: WorkspacePk, promptId: string, hour: string, fetch: KeyFetch): Promise<void> {
  const shard = createHash('sha1').update(fetch.api_key_id).digest().readUInt16BE(0) % USAGE_SHARDS;
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: usageKeys.shard(workspace, promptId, hour, shard), sk: `K#${fetch.api_key_id}` },
        UpdateExpression: 'SET #t = :t, v = :v, #at = :at, expires_at = :exp',
        ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
        ExpressionAttributeNames: { '#t': 'type', '#at': 'at' },
        ExpressionAttributeValues: { ':t': 'usage_key', ':v': fetch.version, ':at': fetch.at, ':exp': expiry(hour, SHARD_DAYS) },
      }),
    );
  } catch (error) {
    // A later fetch was noted first: it stands.
    if (!conditionFailed(error)) throw error;
  }
}

/** An hour's counters read from its shards (the hour not yet rolled up), merged. */
export async function readShards(workspace: WorkspacePk, promptId: string, hour: string): Promise<{ rows: UsageRow[]; keys: KeyFetch[] }> {
  const pages = await Promise.all(
    Array.from({ length: USAGE_SHARDS }, (_, shard) =>
      queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': usageKeys.shard(workspace, promptId, hour, shard) } }),
    ),
  );
  const rows = new Map<string, UsageRow>();
  const keys = new Map<string, KeyFetch>();
  for (const item of pages.flat()) {
    const sk = String(item.sk);
    if (sk.startsWith('K#')) {
      const fetch = { api_key_id: sk.slice(2), version: Number(item.v), at: Number(item.at) };
      if ((keys.get(fetch.api_key_id)?.at ?? -1) < fetch.at) keys.set(fetch.api_key_id, fetch);
      continue;
    }
    const row = rowOf(item);
    const id = rowSk(row);
    const into = rows.get(id);
    if (into) addRow(into, row);
    else rows.set(id, row);
  }
  return { rows: [...rows.values()], keys: [...keys.values()] };
}

/**
 * Writes an hour's merged counters into the prompt's stats partition, with a marker that the
 * hour is rolled up. Puts, not additions: a redelivered roll-up writes the same items again.
 */
export async function writeRolledHour(workspace: WorkspacePk, promptId: string, hour: string, rows: UsageRow[], keys: KeyFetch[]): Promise<void> {
  const pk = usageKeys.stats(workspace, promptId);
  const exp = expiry(hour, ROLLED_DAYS);
  const items: Item[] = [
    ...rows.map((row) => ({ pk, sk: `H#${hour}#${rowSk(row)}`, type: 'usage_hour', ...attributesOf(row), expires_at: exp })),
    ...keys.map((k) => ({ pk, sk: `K#${hour}#${k.api_key_id}`, type: 'usage_key_hour', v: k.version, at: k.at, expires_at: exp })),
    // Last, so a crash before it leaves the hour read from its shards.
    { pk, sk: `H#${hour}#~`, type: 'usage_rolled', expires_at: exp },
  ];
  const marker = items.pop()!;
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
  await batchWrite([{ PutRequest: { Item: marker } }]);
}

/** The rolled-up hours from `fromHour` to `toHour` (both included): their rows, the key fetches, and which hours are rolled. */
export async function readRolled(
  workspace: WorkspacePk,
  promptId: string,
  fromHour: string,
  toHour: string,
): Promise<{ rows: (UsageRow & { hour: string })[]; keys: KeyFetch[]; rolled: Set<string> }> {
  const pk = usageKeys.stats(workspace, promptId);
  const range = (prefix: string) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': `${prefix}#${fromHour}`, ':to': `${prefix}#${toHour}#~~` },
    });
  const [hours, keyItems] = await Promise.all([range('H'), range('K')]);
  const rolled = new Set<string>();
  const rows: (UsageRow & { hour: string })[] = [];
  for (const item of hours) {
    const hour = String(item.sk).slice(2, 15);
    if (item.type === 'usage_rolled') rolled.add(hour);
    else rows.push(Object.assign(rowOf(item), { hour }));
  }
  const keys = keyItems.map((item) => ({ api_key_id: String(item.sk).slice(16), version: Number(item.v), at: Number(item.at) }));
  return { rows, keys, rolled };
}

/** A day's rolled hours in one item: rows added up, each key's latest fetch, and each hour's series point. */
export interface UsageDay {
  day: string;
  /** How many rolled hours it adds up (a later roll-up of the day only replaces it with as many or more). */
  hours: number;
  rows: UsageRow[];
  keys: KeyFetch[];
  /** One point per hour that had uses, as the hourly series shows it (opaque here; stored as one JSON string, read only for hourly series). */
  points: unknown[];
}

/**
 * A day item's row as one JSON array: version, channel, kind, label, the COUNTERS in order, then
 * the latency counts. A whole day's rows in one string are parsed at once, where a list of maps
 * costs the SDK a conversion per number (90 days of them were most of the stats route's CPU).
 */
type PackedRow = [number, UsageChannel, UsageKind, string, ...number[]];

const packRow = (row: UsageRow): PackedRow => [row.version, row.channel, row.kind, row.label, ...COUNTERS.map((c) => row[c]), ...row.latency];

function unpackRow(packed: PackedRow): UsageRow {
  const [version, channel, kind, label] = packed;
  const row = emptyRow({ version, channel, kind, label });
  COUNTERS.forEach((c, i) => {
    row[c] = Number(packed[4 + i] ?? 0);
  });
  for (let i = 0; i < LATENCY_BUCKETS; i++) row.latency[i] = Number(packed[4 + COUNTERS.length + i] ?? 0);
  return row;
}

/** Under the 400 KB item limit with room: a day too big for one item is not kept as one, and is read by the hour. */
const DAY_ITEM_MAX = 300_000;

/**
 * Writes a day's item, unless one adding up more hours is there (a concurrent roll-up of a later
 * hour of the same day got there first). A day too big for one item has none: its hours are read.
 */
export async function writeDay(workspace: WorkspacePk, promptId: string, day: UsageDay): Promise<void> {
  const key = { pk: usageKeys.stats(workspace, promptId), sk: `D#${day.day}` };
  const item: Item = {
    ...key,
    type: 'usage_day',
    hours: day.hours,
    rows: JSON.stringify(day.rows.map(packRow)),
    keys: day.keys.map((k) => ({ id: k.api_key_id, v: k.version, at: k.at })),
    points: JSON.stringify(day.points),
    expires_at: expiry(`${day.day}T23`, ROLLED_DAYS),
  };
  if (itemBytes(item) > DAY_ITEM_MAX) {
    await db.send(new DeleteCommand({ TableName: TABLE, Key: key }));
    return;
  }
  try {
    await db.send(
      new PutCommand({
        TableName: TABLE,
        Item: item,
        ConditionExpression: 'attribute_not_exists(sk) OR hours <= :n',
        ExpressionAttributeValues: { ':n': day.hours },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

/** The day items from `fromDay` to `toDay` (both included), by day; their hour points only when `points` is asked for. */
export async function readDays(workspace: WorkspacePk, promptId: string, fromDay: string, toDay: string, points: boolean): Promise<Map<string, UsageDay>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': usageKeys.stats(workspace, promptId), ':from': `D#${fromDay}`, ':to': `D#${toDay}` },
    ProjectionExpression: `sk, #h, #r, #k${points ? ', #p' : ''}`,
    ExpressionAttributeNames: { '#h': 'hours', '#r': 'rows', '#k': 'keys', ...(points ? { '#p': 'points' } : {}) },
  });
  const days = new Map<string, UsageDay>();
  for (const item of items) {
    const day = String(item.sk).slice(2);
    days.set(day, {
      day,
      hours: Number(item.hours),
      // One JSON string of packed rows; days written before that keep a list of maps.
      rows: typeof item.rows === 'string' ? (JSON.parse(item.rows) as PackedRow[]).map(unpackRow) : (item.rows as Item[]).map(rowOf),
      keys: (item.keys as Item[]).map((k) => ({ api_key_id: String(k.id), version: Number(k.v), at: Number(k.at) })),
      points: typeof item.points === 'string' ? (JSON.parse(item.points) as unknown[]) : [],
    });
  }
  return days;
}
