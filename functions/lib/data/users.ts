import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { ConflictError } from '../http/errors';
import { batchGet, db, TABLE, transactWithRetry } from './db';
import { normaliseEmail, usersShard } from './keys';
import { cancellationCodes } from './retry';

/** The user's keys (docs/data-model.md, "Items"). */
export const userKeys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' }),
  /** The user's place in the users listing: one of USERS_SHARDS index partitions (by id), sorted by email there. */
  usersIndex: (userId: string, email: string) => ({ gsi2pk: `USERS#${usersShard(userId)}`, gsi2sk: normaliseEmail(email) }),
};

/** The user item as stored (`USER#<id>` / `PROFILE`). */
export interface UserRecord extends User {
  password_hash: string;
  created_at: string;
  /** Raised to end every session at once (tokens carry the version they were issued under). */
  session_version?: number;
  /** False until the person follows the link mailed at sign-up; absent on accounts from before verification (treated as verified). */
  email_verified?: boolean;
  stripe_customer_id?: string;
  stripe_subscription_id?: string;
  subscription_status?: string;
}

export const sessionVersionOf = (user: Pick<UserRecord, 'session_version'>) => user.session_version ?? 0;
export const emailVerifiedOf = (user: Pick<UserRecord, 'email_verified'>) => user.email_verified !== false;

export interface NewUser {
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  access_tier: Tier;
  /** False for self-service sign-ups until the mailed link is followed; admins vouch for the accounts they create. */
  email_verified?: boolean;
}

/** Plan-limit counters on the user item, one per limited kind of item. */
export const COUNTERS = { max_prompts: 'prompts_used', max_categories: 'categories_used', max_snippets: 'snippets_used' } as const;
const ZERO_COUNTERS = { prompts_used: 0, categories_used: 0, snippets_used: 0 };

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** The public shape of a user: an allow-list, so stored secrets never leak into a response. */
export function toUser(record: UserRecord): User {
  const { id, email, first_name, last_name, is_admin, access_tier } = record;
  return { id, email, first_name, last_name, is_admin, access_tier };
}

/**
 * Creates a user and claims the email in one transaction: of many concurrent sign-ups with one
 * email (in any letter case) exactly one succeeds, the others get 409.
 */
export async function createUser(input: NewUser): Promise<UserRecord> {
  const record: UserRecord = {
    ...input,
    id: randomUUID(),
    email: input.email.trim(),
    email_verified: input.email_verified ?? true,
    created_at: new Date().toISOString(),
  };
  try {
    await transactWithRetry(() =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE,
                Item: { ...userKeys.emailClaim(record.email), type: 'email_claim', user_id: record.id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: TABLE,
                Item: { ...userKeys.user(record.id), ...userKeys.usersIndex(record.id, record.email), type: 'user', ...record, ...ZERO_COUNTERS },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            // The admin count guards against demoting or deleting the last admin (admin.ts).
            ...(record.is_admin ? [adminCountChange(+1)] : []),
          ],
        }),
      ),
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') {
      throw new ConflictError(EMAIL_TAKEN);
    }
    throw error;
  }
  return record;
}

export const ADMIN_COUNT_KEY = { pk: 'META', sk: 'ADMINS' };

/** A transaction item moving the admin count; a decrement fails when it would leave no admin. */
export function adminCountChange(delta: 1 | -1) {
  return {
    Update: {
      TableName: TABLE,
      Key: ADMIN_COUNT_KEY,
      UpdateExpression: 'SET #t = :t ADD admin_count :d',
      ...(delta < 0 ? { ConditionExpression: 'admin_count > :one' } : {}),
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':d': delta, ':t': 'admin_count', ...(delta < 0 ? { ':one': 1 } : {}) },
    },
  };
}

/** Access pattern: the current user, by id (one GetItem). */
export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: userKeys.user(userId) }));
  return Item as UserRecord | undefined;
}

/** A logged-out token's id, kept until the token would have expired anyway. */
export const revokedTokenKey = (tokenId: string) => ({ pk: `REVOKED#${tokenId}`, sk: 'TOKEN' });

/** A DynamoDB key of the table. */
export type Key = { pk: string; sk: string };
export type Item = Record<string, unknown>;

/**
 * Access pattern: the user behind a bearer token, and whether that token was logged out, in one
 * BatchGet (one round trip, as a GetItem alone would be). A route may add keys of its own
 * (`preload` in http.ts): they come back by name in `preloaded`, `undefined` when absent. With
 * such keys the BatchGet reads strongly (see http.ts for why).
 */
export async function getUserForToken<P extends string = never>(
  userId: string,
  /** The session token's id; null for an API key (its revocation is the lookup item's absence). */
  tokenId: string | null,
  preload: Partial<Record<P, Key>> = {},
): Promise<{ user?: UserRecord; revoked: boolean; preloaded: Record<P, Item | undefined> }> {
  const user = userKeys.user(userId);
  const revoked = tokenId === null ? null : revokedTokenKey(tokenId);
  const extra = Object.entries(preload) as [P, Key][];
  const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}\n${String(k.sk)}`;
  // BatchGet refuses a key listed twice.
  const wanted = new Map([user, ...(revoked ? [revoked] : []), ...extra.map(([, key]) => key)].map((k) => [id(k), { pk: k.pk, sk: k.sk }]));
  const items = new Map((await batchGet([...wanted.values()], { consistent: extra.length > 0 })).map((i) => [id(i as Key), i]));
  return {
    user: items.get(id(user)) as UserRecord | undefined,
    revoked: revoked !== null && items.has(id(revoked)),
    preloaded: Object.fromEntries(extra.map(([name, key]) => [name, items.get(id(key))])) as Record<P, Item | undefined>,
  };
}

/** Access pattern: sign-in by email (email claim → user: two GetItems). */
export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { Item: claim } = await db.send(new GetCommand({ TableName: TABLE, Key: userKeys.emailClaim(normaliseEmail(email)), ProjectionExpression: 'user_id' }));
  return claim ? getUser(claim.user_id as string) : undefined;
}

/**
 * The transaction items that move an account to a new email: the new claim (fails when taken),
 * the old claim freed (only if it is still this user's), the user item and its users-index keys.
 * The user item's condition pins the email the caller read, so two switches cannot both apply.
 */
export function emailSwitchItems(user: Pick<UserRecord, 'id' | 'email'>, newEmail: string) {
  const email = newEmail.trim();
  const index = userKeys.usersIndex(user.id, email);
  const names = Object.keys(index);
  return [
    {
      Put: {
        TableName: TABLE,
        Item: { ...userKeys.emailClaim(email), type: 'email_claim', user_id: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Delete: { TableName: TABLE, Key: userKeys.emailClaim(user.email), ConditionExpression: 'user_id = :id', ExpressionAttributeValues: { ':id': user.id } } },
    {
      Update: {
        TableName: TABLE,
        Key: userKeys.user(user.id),
        UpdateExpression: `SET email = :new, email_verified = :yes, ${names.map((_, i) => `#i${i} = :i${i}`).join(', ')}, ${NEXT_SESSION}`,
        ConditionExpression: 'attribute_exists(pk) AND email = :old',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#i${i}`, n])),
        ExpressionAttributeValues: {
          ':new': email,
          ':old': user.email,
          ':yes': true,
          ...Object.fromEntries(names.map((n, i) => [`:i${i}`, (index as Record<string, string>)[n]])),
          ...NEXT_SESSION_VALUES,
        },
      },
    },
  ];
}

/** An update expression part that ends every session of the user (tokens carry the version they had). */
export const NEXT_SESSION = 'session_version = if_not_exists(session_version, :sv0) + :sv1';
export const NEXT_SESSION_VALUES = { ':sv0': 0, ':sv1': 1 };
