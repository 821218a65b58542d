import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RUNS_PER_DAY, type Tier } from '@shared/tiers';
import { TooManyRequestsError } from '../http/errors';
import { db, TABLE } from './db';
import { conditionFailed, retry } from './retry';

/**
 * Fixed-window counters in the table (`RATE#<name>#<subject>` / `W#<window start>`), expired by
 * TTL. They back the per-address part of the sign-in guard and the per-tier daily quotas; the
 * per-account part of the sign-in guard is below.
 */
export interface Window {
  name: string;
  subject: string;
  limit: number;
  seconds: number;
}

/**
 * The runs of one user's day. Unlimited plans count too (with no cap), so the account page can
 * say how many runs were used today on every plan.
 */
export const runQuotaWindow = (user: { id: string; access_tier: Tier }): Window => ({
  name: 'run',
  subject: user.id,
  limit: RUNS_PER_DAY[user.access_tier] ?? Number.MAX_SAFE_INTEGER,
  seconds: 86_400,
});

function key(w: Window, now = Date.now()) {
  const start = Math.floor(now / 1000 / w.seconds) * w.seconds;
  return { pk: `RATE#${w.name}#${w.subject}`, sk: `W#${start}`, expiresAt: start + w.seconds * 2 };
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
    if (conditionFailed(error)) throw new TooManyRequestsError(detail);
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
    if (!conditionFailed(error)) throw error;
  }
}

/** How many units of a window are used now (0 when nothing was counted yet). */
export async function usedIn(w: Window, now = Date.now()): Promise<number> {
  const { pk, sk } = key(w, now);
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: { pk, sk }, ProjectionExpression: 'hits' }));
  return Number(Item?.hits ?? 0);
}

// ---- Sign-in guard --------------------------------------------------------------------------

/**
 * The per-account sign-in guard (`RATE#login-account#<email>` / `GUARD`): how many sign-ins were
 * tried since the last success (`failures`) and until when the next one waits (`locked_until`,
 * epoch ms). Each attempt is counted BEFORE its password is checked, with a conditional write on
 * the count it read, so of any number of parallel attempts at most SIGN_IN_FREE_ATTEMPTS are
 * checked before the account waits. The wait grows with every further failure (30 s, 1 min,
 * 2 min, … up to 15 min) instead of one long wall; a successful sign-in or a password reset
 * clears it (`clearSignInFailures`). The count is forgotten a day after the last attempt.
 *
 * So that a stranger failing on purpose cannot keep the owner out, an address that has tried
 * this account at most THROUGH_WAIT_ATTEMPTS times since its last success today (the owner's own,
 * not the stranger's) still has one attempt a minute checked while the account waits
 * (`RATE#login-pair#<hash of account and address>`: `hits`, `through_at`). Every attempt is
 * counted there before the guard is read, and passing through is one conditional write on that
 * count, so a burst from the failing address never gets more than the free attempts checked
 * (docs/decisions.md, "Sign-in guard").
 */
export const SIGN_IN_FREE_ATTEMPTS = 10;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
const GUARD_MEMORY_SECONDS = 24 * 60 * 60;

const guardKey = (email: string) => ({ pk: `RATE#login-account#${email.trim().toLowerCase()}`, sk: 'GUARD' });

export const THROUGH_WAIT_ATTEMPTS = 3;
const THROUGH_WAIT_GAP_MS = 60_000;

/** The attempts of one address on one account in the current day (hashed: the key names neither). */
function pairKey(email: string, address: string, now: number) {
  const subject = createHash('sha256').update(`${email.trim().toLowerCase()}\n${address}`).digest('hex').slice(0, 32);
  const start = Math.floor(now / 1000 / GUARD_MEMORY_SECONDS) * GUARD_MEMORY_SECONDS;
  return { key: { pk: `RATE#login-pair#${subject}`, sk: `W#${start}` }, expiresAt: start + GUARD_MEMORY_SECONDS * 2 };
}

/** Counts an attempt of `address` on the account (before the guard is read: see above). */
async function countFromAddress(email: string, address: string, now: number): Promise<void> {
  const { key, expiresAt } = pairKey(email, address, now);
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: key,
      UpdateExpression: 'SET #t = :t, expires_at = :exp ADD hits :one',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':t': 'sign_in_address', ':exp': expiresAt, ':one': 1 },
    }),
  );
}

/** True when `address` may have this attempt checked while the account waits (one conditional write). */
async function passThroughWait(email: string, address: string, now: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: pairKey(email, address, now).key,
        UpdateExpression: 'SET through_at = :now',
        ConditionExpression: 'hits <= :max AND (attribute_not_exists(through_at) OR through_at <= :gap)',
        ExpressionAttributeValues: { ':now': now, ':max': THROUGH_WAIT_ATTEMPTS, ':gap': now - THROUGH_WAIT_GAP_MS },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** How long the account waits after `attempts` unsuccessful sign-ins in a row. */
export function signInWait(attempts: number): number {
  if (attempts < SIGN_IN_FREE_ATTEMPTS) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempts - SIGN_IN_FREE_ATTEMPTS));
}

/** The wait in words, rounded up to 5 seconds or whole minutes (Retry-After has it exactly). */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 5000) * 5;
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManySignIns = (waitMs: number) => {
  const error = new TooManyRequestsError(`Too many failed sign-in attempts. Please wait ${waitText(waitMs)} and try again, or reset your password.`);
  Object.assign(error.headers, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
  return error;
};

/**
 * Counts one sign-in attempt for `email` from `address` before its password is checked, or answers
 * 429 (with Retry-After) while the account waits and the address may not pass (see above).
 * Attempts that lose the race for the count read it again.
 */
export async function claimSignInAttempt(email: string, address: string, now = Date.now()): Promise<void> {
  const key = guardKey(email);
  const [{ Item: first }] = await Promise.all([
    db.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true })),
    countFromAddress(email, address, now),
  ]);
  let passed = false;
  // Another attempt counted first: read again; after many such losses the account is under a burst.
  const policy = { attempts: 12, retryOn: conditionFailed, delayMs: (attempt: number) => Math.random() * 10 * attempt, exhausted: () => tooManySignIns(1000) };
  await retry(policy, async (attempt) => {
    if (attempt > 1) now = Date.now();
    const Item = attempt === 1 ? first : (await db.send(new GetCommand({ TableName: TABLE, Key: key, ConsistentRead: true }))).Item;
    const fresh = !Item || Number(Item.expires_at ?? 0) * 1000 <= now;
    const failures = fresh ? 0 : Number(Item.failures ?? 0);
    const lockedUntil = fresh ? 0 : Number(Item.locked_until ?? 0);
    if (lockedUntil > now && !passed) {
      passed = await passThroughWait(email, address, now);
      if (!passed) throw tooManySignIns(lockedUntil - now);
    }
    const next = failures + 1;
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: key,
        // Counted as a failure until it succeeds: a success deletes the guard.
        UpdateExpression: 'SET #t = :t, failures = :next, locked_until = :until, expires_at = :exp',
        ConditionExpression: Item ? 'failures = :seen AND locked_until = :seenLock' : 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: {
          ':t': 'sign_in_guard',
          ':next': next,
          ':until': now + signInWait(next),
          ':exp': Math.floor(now / 1000) + GUARD_MEMORY_SECONDS,
          ...(Item ? { ':seen': Number(Item.failures ?? 0), ':seenLock': Number(Item.locked_until ?? 0) } : {}),
        },
      }),
    );
  });
}

/** Forgets an account's failed sign-ins and lifts its wait (a password reset; a successful sign-in also forgets its address's attempts). */
export async function clearSignInFailures(email: string, address?: string): Promise<void> {
  await Promise.all([
    db.send(new DeleteCommand({ TableName: TABLE, Key: guardKey(email) })),
    address ? db.send(new DeleteCommand({ TableName: TABLE, Key: pairKey(email, address, Date.now()).key })) : undefined,
  ]);
}
