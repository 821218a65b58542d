import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE, batchGet, db } from './db';
import { TooManyRequestsError } from './errors';
import { normaliseEmail } from './keys';

/**
 * Fixed-window counters in the table (`RATE#<name>#<subject>` / `W#<window start>`), expired by
 * TTL. They back the brute-force guard on sign-in (keyed on the account and on the source
 * address API Gateway saw, never on a header the client sets) and the per-tier daily quotas.
 */
export interface Window {
  name: string;
  subject: string;
  limit: number;
  seconds: number;
}

function key(w: Window, now = Date.now()) {
  const start = Math.floor(now / 1000 / w.seconds) * w.seconds;
  return { pk: `RATE#${w.name}#${w.subject}`, sk: `W#${start}`, expiresAt: start + w.seconds * 2 };
}

/** True when any of the windows has reached its limit (one BatchGet). */
export async function anyExhausted(windows: Window[]): Promise<boolean> {
  const keys = windows.map((w) => key(w));
  const items = await batchGet(keys.map(({ pk, sk }) => ({ pk, sk })), { projection: 'pk, sk, hits' });
  const hits = new Map(items.map((item) => [`${item.pk}|${item.sk}`, Number(item.hits ?? 0)]));
  return windows.some((w, i) => (hits.get(`${keys[i]!.pk}|${keys[i]!.sk}`) ?? 0) >= w.limit);
}

/** Counts one event in each window (unconditionally). */
export async function record(windows: Window[]): Promise<void> {
  await Promise.all(
    windows.map((w) => {
      const { pk, sk, expiresAt } = key(w);
      return db.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk, sk },
          UpdateExpression: 'SET #t = :t, expires_at = :exp ADD hits :one',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':t': 'rate_window', ':exp': expiresAt, ':one': 1 },
        }),
      );
    }),
  );
}

/**
 * Takes one unit of a quota atomically, or answers 429 with `detail` when it is used up.
 * Returns how many units of the window are used now (this one included).
 */
export async function consume(w: Window, detail: string, now = Date.now()): Promise<number> {
  const { pk, sk, expiresAt } = key(w, now);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk, sk },
        UpdateExpression: 'SET #t = :t, expires_at = :exp ADD hits :one',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':t': 'rate_window', ':exp': expiresAt, ':one': 1, ':limit': w.limit },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.hits ?? w.limit);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new TooManyRequestsError(detail);
    throw error;
  }
}

/**
 * Gives back one unit that `consume(w, detail, takenAt)` took (a call that failed before it was of
 * any use), in the window it was taken from. Never below zero.
 */
export async function refund(w: Window, takenAt: number): Promise<void> {
  const { pk, sk } = key(w, takenAt);
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk, sk },
        UpdateExpression: 'ADD hits :minus',
        ConditionExpression: 'hits > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** How many units of a window are used now (0 when nothing was counted yet). */
export async function usedIn(w: Window, now = Date.now()): Promise<number> {
  const { pk, sk } = key(w, now);
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: { pk, sk }, ProjectionExpression: 'hits' }));
  return Number(Item?.hits ?? 0);
}

/** The sign-in guard's window for one account (login.ts counts failures in it). */
export const SIGN_IN_ACCOUNT_WINDOW = { name: 'login-account', limit: 10, seconds: 900 } as const;
export const signInAccountWindow = (email: string): Window => ({ ...SIGN_IN_ACCOUNT_WINDOW, subject: normaliseEmail(email) });

/**
 * Forgets an account's failed sign-ins, lifting the lock they caused: a completed password reset
 * proves the person owns the mailbox, so the lock has done its job.
 */
export async function clearSignInFailures(email: string): Promise<void> {
  const now = Date.now();
  const w = signInAccountWindow(email);
  // The previous window too: a lock counted just before a window boundary stays readable briefly.
  await Promise.all([now, now - w.seconds * 1000].map((at) => {
    const { pk, sk } = key(w, at);
    return db.send(new DeleteCommand({ TableName: TABLE, Key: { pk, sk } }));
  }));
}

/**
 * The caller's address: behind CloudFront, API Gateway sees an edge server, so the address
 * CloudFront itself adds (CloudFront-Viewer-Address, "ip:port") is used; otherwise API Gateway's
 * own view. Never X-Forwarded-For, which any client can write.
 */
export function clientAddress(event: { headers: Record<string, string | undefined>; requestContext: { http: { sourceIp: string } } }): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  return viewer ? viewer.replace(/:\d+$/, '') : event.requestContext.http.sourceIp;
}
