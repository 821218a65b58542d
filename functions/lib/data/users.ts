import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/contract/auth';
import type { LimitKind, Tier } from '@shared/tiers';
import { ConflictError } from '../http/errors';
import { batchGet, db, getItem, type Item, type Key, TABLE } from './db';
import { hotRead } from './hot-reads';
import { normaliseEmail, personalPk, usersShard } from './keys';
import { cappedCount, slotClaims, slotRelease, ZERO_COUNTERS } from './limits';
import { failing, type Part, transact, write } from './transactions';

/**
 * The user entity (docs/data-model.md, "Items"): the user item `USER#<id>` / `PROFILE`, the email
 * claim that makes addresses unique, a logged-out token's revocation and the admin count. This
 * module is the only writer of them: other modules get transaction parts from `userParts`.
 */
/** The sk of every user item: a partition's item with it is its person. */
export const USER_SK = 'PROFILE';

export const userKeys = {
  user: (userId: string) => ({ pk: personalPk(userId) as string, sk: USER_SK }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' }),
  /** The user's place in the users listing: one of USERS_SHARDS index partitions (by id), sorted by email there. */
  usersIndex: (userId: string, email: string) => ({ gsi2pk: `USERS#${usersShard(userId)}`, gsi2sk: normaliseEmail(email) }),
  /** A logged-out token's id, kept until the token would have expired anyway. */
  revokedToken: (tokenId: string) => ({ pk: `REVOKED#${tokenId}`, sk: 'TOKEN' }),
  adminCount: { pk: 'META', sk: 'ADMINS' },
};

/** The user item as stored (`USER#<id>` / `PROFILE`). */
export interface UserRecord extends User {
  password_hash: string;
  created_at: string;
  /** Raised to end every session at once (tokens carry the version they were issued under). */
  session_version?: number;
  /** Raised to revoke every API key at once (keys carry the version they were made under; api-keys.ts). */
  api_keys_version?: number;
  /** Epoch ms of the last password change or reset: a reset link made before it no longer works. */
  password_changed_at?: number;
  /** False until the person follows the link mailed at sign-up; absent on accounts from before verification (treated as verified). */
  email_verified?: boolean;
  stripe_customer_id?: string;
  stripe_subscription_id?: string;
  subscription_status?: string;
}

export const sessionVersionOf = (user: Pick<UserRecord, 'session_version'>) => user.session_version ?? 0;
/** The generation of the user's API keys: a key made under another one was revoked with every key of its time (api-keys.ts). */
export const keysVersionOf = (user: Pick<UserRecord, 'api_keys_version'>) => user.api_keys_version ?? 0;
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

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** The public shape of a user: an allow-list, so stored secrets never leak into a response. */
export function toUser(record: UserRecord): User {
  const { id, email, first_name, last_name, is_admin, access_tier } = record;
  return { id, email, first_name, last_name, is_admin, access_tier };
}

const claimPut = (email: string, userId: string): Part => ({
  put: { Item: { ...userKeys.emailClaim(email), type: 'email_claim', user_id: userId }, ConditionExpression: 'attribute_not_exists(pk)' },
});

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
  await transact([
    failing(claimPut(record.email, record.id), () => new ConflictError(EMAIL_TAKEN)),
    {
      put: {
        Item: { ...userKeys.user(record.id), ...userKeys.usersIndex(record.id, record.email), type: 'user', ...record, ...ZERO_COUNTERS },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // The admin count guards against demoting or deleting the last admin (admin-users.ts).
    ...(record.is_admin ? [userParts.adminCount(+1)] : []),
  ]);
  return record;
}

/** Access pattern: the current user, by id (one GetItem). */
export async function getUser(userId: string): Promise<UserRecord | undefined> {
  return (await getItem(userKeys.user(userId))) as UserRecord | undefined;
}

/** Access pattern: who has claimed an address (GetItem on the claim); undefined when nobody. */
export async function emailOwner(email: string): Promise<string | undefined> {
  return (await getItem(userKeys.emailClaim(email), { projection: 'user_id' }))?.user_id as string | undefined;
}

/** Access pattern: sign-in by email (email claim → user: two GetItems). */
export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const userId = await emailOwner(email);
  return userId ? getUser(userId) : undefined;
}

/** A person's name and address only, for member lists (a projection of the user item). */
export type Person = Pick<UserRecord, 'id' | 'email' | 'first_name' | 'last_name'>;
const PERSON = 'id, email, first_name, last_name';
export const getPerson = async (userId: string) => (await getItem(userKeys.user(userId), { projection: PERSON })) as Person | undefined;
/** People by id, 100 per BatchGet; users that are gone are absent. */
export async function peopleById(userIds: string[]): Promise<Map<string, Person>> {
  const people = new Map<string, Person>();
  for (let i = 0; i < userIds.length; i += 100) {
    const found = await batchGet(
      userIds.slice(i, i + 100).map((id) => userKeys.user(id)),
      { projection: PERSON },
    );
    for (const person of found as unknown as Person[]) people.set(person.id, person);
  }
  return people;
}

/**
 * Access pattern: the user behind a bearer token, and whether that token was logged out, in one
 * BatchGet (one round trip, as a GetItem alone would be). A route may add keys of its own
 * (`preload`, http/authenticate.ts): they come back by name in `preloaded`, `undefined` when
 * absent. With such keys the BatchGet reads strongly (see http/http.ts for why).
 */
export async function getUserForToken<P extends string = never>(
  userId: string,
  /** The session token's id; null for an API key (its revocation is the lookup item's absence). */
  tokenId: string | null,
  preload: Partial<Record<P, Key>> = {},
): Promise<{ user?: UserRecord; revoked: boolean; preloaded: Record<P, Item | undefined> }> {
  const user = userKeys.user(userId);
  const revoked = tokenId === null ? null : userKeys.revokedToken(tokenId);
  const extra = Object.entries(preload) as [P, Key][];
  const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}\n${String(k.sk)}`;
  // BatchGet refuses a key listed twice.
  const wanted = new Map([user, ...(revoked ? [revoked] : []), ...extra.map(([, key]) => key)].map((k) => [id(k), { pk: k.pk, sk: k.sk }]));
  const read = () => batchGet([...wanted.values()], { consistent: extra.length > 0 });
  // An API key's requests (no session to revoke) can be a registry client's thousands a second.
  const found = tokenId === null ? await hotRead(`caller\n${[...wanted.keys()].sort().join('\n')}`, read) : await read();
  const items = new Map(found.map((i) => [id(i as Key), i]));
  return {
    user: items.get(id(user)) as UserRecord | undefined,
    revoked: revoked !== null && items.has(id(revoked)),
    preloaded: Object.fromEntries(extra.map(([name, key]) => [name, items.get(id(key))])) as Record<P, Item | undefined>,
  };
}

// ---- single writes ---------------------------------------------------------------------------------

/** Logs a token out: its revocation lives until the token would have expired anyway, then TTL removes it. */
export async function revokeToken(tokenId: string, expiresAt: number): Promise<void> {
  await write({ put: { Item: { ...userKeys.revokedToken(tokenId), type: 'revoked_token', expires_at: expiresAt } } });
}

/** First and last name; answers the user item as written. */
export async function setName(userId: string, firstName: string, lastName: string): Promise<UserRecord> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: userKeys.user(userId),
      UpdateExpression: 'SET first_name = :f, last_name = :l',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':f': firstName, ':l': lastName },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as UserRecord;
}

/** Every token of the user ends, the one in use included; with `revokeKeys`, every API key too. */
export async function endAllSessions(userId: string, revokeKeys: boolean): Promise<void> {
  await write(
    userUpdate(userId, {
      UpdateExpression: `SET ${NEXT_SESSION}${revokeKeys ? `, ${REVOKE_KEYS}` : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ...NEXT_SESSION_VALUES, ...(revokeKeys ? REVOKE_KEYS_VALUES : {}) },
    }),
  );
}

// ---- transaction parts -----------------------------------------------------------------------------

/** An update expression part that ends every session of the user (tokens carry the version they had). */
const NEXT_SESSION = 'session_version = if_not_exists(session_version, :sv0) + :sv1';
const NEXT_SESSION_VALUES = { ':sv0': 0, ':sv1': 1 };
/** An update expression part that revokes every API key of the user at once (keys carry the version they were made under) and frees their count. */
const REVOKE_KEYS = 'api_keys_version = if_not_exists(api_keys_version, :kv0) + :kv1, api_keys_used = :knone';
const REVOKE_KEYS_VALUES = { ':kv0': 0, ':kv1': 1, ':knone': 0 };

type Update = Extract<Part, { update: unknown }>['update'];
const userUpdate = (userId: string, update: Omit<Update, 'Key'>): Extract<Part, { update: unknown }> => ({ update: { Key: userKeys.user(userId), ...update } });
const fieldsUpdate = (fields: Record<string, unknown>) => {
  const names = Object.keys(fields);
  return {
    set: names.map((_, i) => `#f${i} = :f${i}`).join(', '),
    names: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
    values: Object.fromEntries(names.map((n, i) => [`:f${i}`, fields[n]])),
  };
};

/** The writes of the user item and the user's other items, for transactions of other modules. */
export const userParts = {
  /** The admin count moves; a decrement fails when it would leave no admin. */
  adminCount: (delta: 1 | -1): Part => ({
    update: {
      Key: userKeys.adminCount,
      UpdateExpression: 'SET #t = :t ADD admin_count :d',
      ...(delta < 0 ? { ConditionExpression: 'admin_count > :one' } : {}),
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':d': delta, ':t': 'admin_count', ...(delta < 0 ? { ':one': 1 } : {}) },
    },
  }),

  /**
   * A reset link followed: the new password, the email counts as verified, every session ends and
   * every API key is revoked — while the address is the one the link went to and the password has
   * not changed since the link was made (`issuedAt`, ms).
   */
  resetPassword: (user: Pick<UserRecord, 'id' | 'email'>, passwordHash: string, issuedAt: number) =>
    userUpdate(user.id, {
      UpdateExpression: `SET password_hash = :h, email_verified = :yes, password_changed_at = :now, ${NEXT_SESSION}, ${REVOKE_KEYS}`,
      ConditionExpression: 'attribute_exists(pk) AND email = :email AND (attribute_not_exists(password_changed_at) OR password_changed_at < :issued)',
      ExpressionAttributeValues: {
        ':h': passwordHash,
        ':yes': true,
        ':email': user.email,
        ':now': Math.max(Date.now(), issuedAt + 1),
        ':issued': issuedAt,
        ...NEXT_SESSION_VALUES,
        ...REVOKE_KEYS_VALUES,
      },
    }),

  /** A password change (with `revokeKeys`, every API key revoked): only while the password and the session version checked are still the stored ones. */
  changePassword: (user: UserRecord, passwordHash: string, revokeKeys: boolean) => {
    const version = sessionVersionOf(user);
    return userUpdate(user.id, {
      UpdateExpression: `SET password_hash = :h, password_changed_at = :now, session_version = :next${revokeKeys ? `, ${REVOKE_KEYS}` : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND password_hash = :old AND (attribute_not_exists(session_version) OR session_version = :v)',
      ExpressionAttributeValues: {
        ':h': passwordHash,
        ':old': user.password_hash,
        ':v': version,
        ':next': version + 1,
        ':now': Date.now(),
        ...(revokeKeys ? REVOKE_KEYS_VALUES : {}),
      },
    });
  },

  /** The address confirmed, while it is still the one the link went to. */
  verifyEmail: (user: Pick<UserRecord, 'id' | 'email'>) =>
    userUpdate(user.id, {
      UpdateExpression: 'SET email_verified = :yes',
      ConditionExpression: 'attribute_exists(pk) AND email = :email',
      ExpressionAttributeValues: { ':yes': true, ':email': user.email },
    }),

  /**
   * A move to a new email: the new claim (fails when taken), the old claim freed (only if it is
   * still this user's), and the user item with its users-index keys, every session ended; its
   * condition pins the email read, so two switches cannot both apply.
   */
  switchEmail: (user: Pick<UserRecord, 'id' | 'email'>, newEmail: string) => {
    const email = newEmail.trim();
    const index = fieldsUpdate(userKeys.usersIndex(user.id, email));
    return {
      claim: claimPut(email, user.id),
      release: {
        delete: { Key: userKeys.emailClaim(user.email), ConditionExpression: 'user_id = :id', ExpressionAttributeValues: { ':id': user.id } },
      } satisfies Part,
      user: userUpdate(user.id, {
        UpdateExpression: `SET email = :new, email_verified = :yes, ${index.set}, ${NEXT_SESSION}`,
        ConditionExpression: 'attribute_exists(pk) AND email = :old',
        ExpressionAttributeNames: index.names,
        ExpressionAttributeValues: { ':new': email, ':old': user.email, ':yes': true, ...index.values, ...NEXT_SESSION_VALUES },
      }),
    };
  },

  /** The end of an account: the user item and its email claim (the address is free again). */
  remove: (user: Pick<UserRecord, 'id' | 'email'>) => ({
    user: { delete: { Key: userKeys.user(user.id), ConditionExpression: 'attribute_exists(pk)' } } satisfies Part,
    claim: {
      delete: {
        Key: userKeys.emailClaim(user.email),
        ConditionExpression: 'attribute_not_exists(pk) OR user_id = :id',
        ExpressionAttributeValues: { ':id': user.id },
      },
    } satisfies Part,
  }),

  /** An admin's change of the flag and the plan; conditioned on the flag read (the admin count moves with it). */
  setAdminAndTier: (user: Pick<UserRecord, 'id' | 'is_admin'>, isAdmin: boolean, tier: Tier) =>
    userUpdate(user.id, {
      UpdateExpression: 'SET is_admin = :admin, access_tier = :tier',
      ConditionExpression: 'attribute_exists(pk) AND is_admin = :was',
      ExpressionAttributeValues: { ':admin': isAdmin, ':tier': tier, ':was': user.is_admin },
    }),

  /** The user's Stripe customer, set once (the same one again is fine). */
  linkCustomer: (userId: string, customerId: string) =>
    userUpdate(userId, {
      UpdateExpression: 'SET stripe_customer_id = :c',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(stripe_customer_id) OR stripe_customer_id = :c)',
      ExpressionAttributeValues: { ':c': customerId },
    }),

  /** Billing fields set as a Stripe event says, under `condition` on the billing fields as stored (billing.ts). */
  setBilling: (userId: string, fields: Record<string, unknown>, condition: { expression: string; values: Record<string, unknown> }) => {
    const set = fieldsUpdate(fields);
    return userUpdate(userId, {
      UpdateExpression: `SET ${set.set}`,
      ConditionExpression: condition.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ...set.values, ...condition.values },
    });
  },

  /** A slot of the user's `max_teams` (`teams_used`), conditioned on the limit and on the tier read. */
  claimTeam: (user: Pick<UserRecord, 'id' | 'access_tier'>, limit: number) =>
    userUpdate(user.id, {
      UpdateExpression: 'ADD teams_used :one',
      ConditionExpression: 'attribute_exists(pk) AND access_tier = :tier AND (attribute_not_exists(teams_used) OR teams_used < :max)',
      ExpressionAttributeValues: { ':one': 1, ':tier': user.access_tier, ':max': limit },
    }),
  releaseTeam: (userId: string) =>
    userUpdate(userId, { UpdateExpression: 'ADD teams_used :minus', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':minus': -1 } }),

  /** The API key count, on the key generation `version` read (keys revoked meanwhile fail it): an increment fails at `max`. */
  countApiKeys: (userId: string, version: number, delta: 1 | -1, max?: number) =>
    userUpdate(userId, {
      UpdateExpression: 'ADD api_keys_used :d',
      ConditionExpression: `attribute_exists(pk) AND ${version ? 'api_keys_version = :kv' : 'attribute_not_exists(api_keys_version)'}${
        delta > 0 ? ' AND (attribute_not_exists(api_keys_used) OR api_keys_used < :max)' : ''
      }`,
      ExpressionAttributeValues: { ':d': delta, ...(version ? { ':kv': version } : {}), ...(delta > 0 ? { ':max': max ?? 0 } : {}) },
    }),

  /** The PROFILE value count: an increment fails at `max`. */
  countProfileValues: (userId: string, delta: 1 | -1, max?: number) =>
    userUpdate(userId, {
      UpdateExpression: 'ADD profile_values_used :d',
      ConditionExpression:
        delta > 0 ? 'attribute_exists(pk) AND (attribute_not_exists(profile_values_used) OR profile_values_used < :max)' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': delta, ...(delta > 0 ? { ':max': max ?? 0 } : {}) },
    }),

  /** PROFILE values of before moved off the item: the map goes, the count becomes `count`, conditioned on the map's size as read. */
  dropLegacyProfileValues: (userId: string, count: number) =>
    userUpdate(userId, {
      UpdateExpression: 'REMOVE profile_values SET profile_values_used = :n',
      ConditionExpression: 'attribute_exists(pk) AND size(profile_values) = :n',
      ExpressionAttributeValues: { ':n': count },
    }),

  /** The personal workspace's directives. */
  setDirectives: (userId: string, prefix: string, suffix: string) =>
    userUpdate(userId, {
      UpdateExpression: 'SET global_prompt_prefix = :p, global_prompt_suffix = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': prefix, ':s': suffix },
    }),

  /** Plan slots of the personal workspace (limits.ts). */
  claimSlots: (userId: string, tier: Tier, counts: Partial<Record<LimitKind, number>>) => userUpdate(userId, slotClaims(tier, counts)),
  releaseSlot: (userId: string, kind: LimitKind) => userUpdate(userId, slotRelease(kind)),
  /** The personal workspace's model connections (connections.ts): an increment fails at `max`. */
  countConnections: (userId: string, delta: 1 | -1, max?: number) => userUpdate(userId, cappedCount('connections_used', delta, max)),
  countWebhooks: (userId: string, delta: 1 | -1, max?: number) => userUpdate(userId, cappedCount('webhooks_used', delta, max)),

  /** The user's place in gsi2's sharded users listing, off the former index gsi1 (migrations/users-index.ts). */
  moveToUsersIndex: (userId: string, email: string) =>
    userUpdate(userId, {
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':pk': userKeys.usersIndex(userId, email).gsi2pk, ':sk': normaliseEmail(email) },
    }),
};
