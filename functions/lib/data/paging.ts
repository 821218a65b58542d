import { createHmac, timingSafeEqual } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ADMIN_PAGE_DEFAULT, type AdminPageQuery, NEXT_CURSOR_HEADER } from '@shared/contract/admin';
import { getJwtKey } from '../http/config';
import { BadRequestError } from '../http/errors';
import { db, TABLE } from './db';

/**
 * Paged listings over a sharded index partition set (docs/architecture.md, "Bounded answers").
 * Items of a listing are spread over `shards` index partitions, each sorted by the same sort key
 * (unique per listing: a normalised email, an id). A page is a merge: every shard is queried for
 * its next `limit` keys after the cursor, the results are merged, and only keys every shard has
 * already answered for are kept (a shard cut short by DynamoDB's 1 MB page bounds the rest). So
 * one sort key, the last one served, is the whole position: the cursor carries it, signed.
 */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export { INVALID_LIMIT, SEARCH_MAX } from '@shared/contract/admin';
export const INVALID_CURSOR = 'cursor is not valid: it must be the next_cursor of an earlier page of this list. Ask for the first page again without it.';

async function signature(payload: string): Promise<string> {
  // A key of its own, derived from the signing secret: a cursor can never pass for a token.
  return createHmac('sha256', await getJwtKey())
    .update(`cursor.v1.${payload}`)
    .digest('base64url')
    .slice(0, 22);
}

/** An opaque cursor for `list` that resumes after sort key `after`. */
export async function encodeCursor(list: string, after: string): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ l: list, a: after })).toString('base64url');
  return `${payload}.${await signature(payload)}`;
}

/** The sort key a cursor of `list` resumes after; anything else (edited, of another list, garbage) → 400. */
export async function decodeCursor(list: string, cursor: string): Promise<string> {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined || cursor.length > 2048) throw new BadRequestError(INVALID_CURSOR);
  const expected = Buffer.from(await signature(payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadRequestError(INVALID_CURSOR);
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { l?: unknown; a?: unknown };
    if (decoded.l === list && typeof decoded.a === 'string') return decoded.a;
  } catch {
    // falls through to the 400
  }
  throw new BadRequestError(INVALID_CURSOR);
}

export interface PageRequest {
  limit: number;
  cursor?: string;
  /** Lower-cased search text; rows containing it in their searched field. */
  search?: string;
}

/**
 * A listing that pages through a sharded index (admin lists): rounds of `shardedPage` until a
 * round yields a row (a sparse search may read a round without a match; at most 10 rounds per
 * answer), with the cursor bound to the listing and its search, so it cannot be replayed elsewhere.
 */
export async function searchedPage<T>(
  list: string,
  request: PageRequest,
  page: Omit<Parameters<typeof shardedPage>[0], 'after' | 'limit' | 'matches'> & { searched: string },
  row: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const { search } = request;
  const name = search ? `${list}?${search}` : list;
  let after = request.cursor === undefined ? undefined : await decodeCursor(name, request.cursor);
  const matches = search
    ? (item: Record<string, unknown>) =>
        String(item[page.searched] ?? '')
          .toLowerCase()
          .includes(search)
    : undefined;
  for (let round = 0; ; round++) {
    const { items, last } = await shardedPage({ ...page, after, limit: request.limit, ...(matches ? { matches } : {}) });
    if (items.length || last === null || round === 9) return { items: items.map(row), next_cursor: last === null ? null : await encodeCursor(name, last) };
    after = last;
  }
}

/** `limit`, `cursor` and `search` of a listing's query string (checked by the route's AdminPageQuery). */
export function pageRequest(query: AdminPageQuery): PageRequest {
  const limit = query.limit === undefined ? ADMIN_PAGE_DEFAULT : Number(query.limit);
  const search = query.search?.trim().toLowerCase();
  const cursor = query.cursor;
  return { limit, ...(cursor ? { cursor } : {}), ...(search ? { search } : {}) };
}

/**
 * One page of a listing over the sparse index gsi2's partitions `<prefix><n>` for n in
 * [0, shards), ordered by its sort key, starting after `after`. `projection` names the attributes to read.
 */
export async function shardedPage(options: {
  prefix: string;
  shards: number;
  after: string | undefined;
  limit: number;
  projection: string[];
  /** Keeps only items of the listing (an index partition may hold other types). */
  keep?: (item: Record<string, unknown>) => boolean;
  /** Keeps only the rows a search matches (each shard still reads at most `limit` keys, so a page may hold fewer rows, even none). */
  matches?: (item: Record<string, unknown>) => boolean;
}): Promise<{ items: Record<string, unknown>[]; last: string | null }> {
  const { limit, after } = options;
  const [index, pkName, sortKey] = ['gsi2', 'gsi2pk', 'gsi2sk'];
  const names = Object.fromEntries([pkName, sortKey, ...options.projection].map((a, i) => [`#a${i}`, a]));
  const answers = await Promise.all(
    Array.from({ length: options.shards }, (_, n) =>
      db.send(
        new QueryCommand({
          TableName: TABLE,
          IndexName: index,
          KeyConditionExpression: after === undefined ? '#a0 = :pk' : '#a0 = :pk AND #a1 > :after',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':pk': `${options.prefix}${n}`, ...(after === undefined ? {} : { ':after': after }) },
          ProjectionExpression: Object.keys(names).join(', '),
          Limit: limit,
        }),
      ),
    ),
  );
  // A shard that has more than it answered is complete only up to the last key it read.
  let bound: string | undefined;
  for (const answer of answers) {
    if (!answer.LastEvaluatedKey) continue;
    const last = String(answer.LastEvaluatedKey[sortKey]);
    if (bound === undefined || last < bound) bound = last;
  }
  const merged = answers
    .flatMap((a) => a.Items ?? [])
    .filter((item) => bound === undefined || String(item[sortKey]) <= bound)
    .sort((a, b) => (String(a[sortKey]) < String(b[sortKey]) ? -1 : String(a[sortKey]) > String(b[sortKey]) ? 1 : 0));
  const page = merged.slice(0, limit);
  const more = merged.length > limit || bound !== undefined;
  const last = page.length ? String(page[page.length - 1]![sortKey]) : (bound ?? null);
  // Filtered here: a DynamoDB filter would cost the same reads, and cannot lower-case or read an index key.
  const kept = page.filter((item) => (options.keep?.(item) ?? true) && (options.matches?.(item) ?? true));
  return { items: kept, last: more ? last : null };
}

/** The success answer of a page: the rows as the body (as before paging), the cursor as a header. */
export const pageHeaders = (next: string | null): Record<string, string> => (next ? { [NEXT_CURSOR_HEADER]: next } : {});

/**
 * No answer passes this many bytes of rows (docs/architecture.md, "Bounded answers"); the margin
 * to 1 MB covers the envelope and per-row flags added after paging.
 */
export const ANSWER_BYTES_MAX = 900 * 1024;

/**
 * A page of one of the caller's own lists that are read whole (prompts, snippets, the registry
 * list): the rows after the cursor, as many as fit in `budget` bytes of JSON (at least one), and
 * the cursor of the rest. Almost every list fits in the first page. `list` names the list and its
 * owner, so a cursor of another list or user is a 400. The cursor resumes after the last row
 * served, found by its key (the id, or `keyOf`) (rows added or removed meanwhile do not repeat or skip the others), else
 * at its position.
 */
export async function boundedPage<T>(
  list: string,
  rows: readonly T[],
  cursor: string | undefined,
  { budget = ANSWER_BYTES_MAX, keyOf = (row: T) => (row as { id: string }).id }: { budget?: number; keyOf?: (row: T) => string } = {},
): Promise<{ rows: T[]; next: string | null }> {
  let start = 0;
  if (cursor !== undefined) {
    const after = await decodeCursor(list, cursor);
    const split = after.indexOf(':');
    const at = rows.findIndex((r) => keyOf(r) === after.slice(split + 1));
    start = at >= 0 ? at + 1 : Math.min(Number(after.slice(0, split)) || 0, rows.length);
  }
  const page: T[] = [];
  let bytes = 0;
  for (let i = start; i < rows.length; i++) {
    const size = Buffer.byteLength(JSON.stringify(rows[i])) + 1;
    if (page.length && bytes + size > budget) break;
    page.push(rows[i]!);
    bytes += size;
  }
  const end = start + page.length;
  return { rows: page, next: end < rows.length ? await encodeCursor(list, `${end}:${keyOf(rows[end - 1]!)}`) : null };
}
