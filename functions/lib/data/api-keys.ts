import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, API_KEYS_MAX, type ApiKey, type CreatedApiKey } from '@shared/contract/api-keys';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import { beginsWith, getItem } from './db';
import { hotRead } from './hot-reads';
import { personalPk } from './keys';
import { conditionFailed } from './retry';
import { failing, transact, write } from './transactions';
import { getUser, keysVersionOf, type UserRecord, userParts } from './users';

/**
 * API keys: a key is `cst_` + 32 random bytes (base64url), shown once. Only its SHA-256 is kept:
 * a key has 256 bits of entropy, so a fast hash is as safe as a slow one would be for passwords
 * (nothing to guess), and the check stays one GetItem.
 *
 * | item        | pk                    | sk               |
 * |-------------|-----------------------|------------------|
 * | key         | USER#<id>             | APIKEY#<key id>  | name, prefix, created_at, last_used_at, hash
 * | key lookup  | APIKEY#<sha256 hex>   | KEY              | user_id, key_id, last_used_at
 *
 * The lookup item lives in its own partition (one per key, so no key is shared by all users) and
 * is what a request reads. Both are written and deleted together; a deleted lookup refuses the key
 * on the next request (read strongly). `last_used_at` moves at most once per LAST_USED_STEP_MS, so
 * a busy key costs no write per request; GET routes run with read-only table access, so it is the
 * key's compile and MCP calls that move it.
 *
 * Revoking every key at once (a password reset; a password change or 'Sign out everywhere' unless
 * asked not to) raises `api_keys_version` on the user item in the same update as the change
 * (users.ts): a key carries the version it was made under and is refused once the user's differs
 * (the request reads the user item anyway), so no key made before can slip through, however many
 * there are. The revoked items are then deleted (`dropRevokedKeys`); until then they are neither
 * listed nor counted.
 */
export const LAST_USED_STEP_MS = 60_000;
const KEY_SK = 'APIKEY#';

export const apiKeyKeys = {
  item: (userId: string, keyId: string) => ({ pk: personalPk(userId) as string, sk: `${KEY_SK}${keyId}` }),
  lookup: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'KEY' }),
};

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

interface KeyItem extends ApiKey {
  hash: string;
  /** The user's `api_keys_version` when the key was made (absent: 0). */
  keys_version?: number;
}
export interface KeyLookup {
  user_id: string;
  key_id: string;
  last_used_at?: string;
  keys_version?: number;
}

/** True when the key behind a lookup still holds (the user's keys were not all revoked since it was made). */
export const keyHolds = (found: KeyLookup, user: Pick<UserRecord, 'api_keys_version'>) => (found.keys_version ?? 0) === keysVersionOf(user);

const toApiKey = ({ id, name, prefix, created_at, last_used_at }: KeyItem): ApiKey => ({ id, name, prefix, created_at, last_used_at: last_used_at ?? null });

const keyItems = async (userId: string) => (await beginsWith(personalPk(userId), KEY_SK, { ConsistentRead: true })) as unknown as KeyItem[];

/** Access pattern: a user's keys (one Query on the APIKEY# range of the workspace), newest first; revoked ones not yet deleted are left out. */
export async function listApiKeys(user: Pick<UserRecord, 'id' | 'api_keys_version'>): Promise<ApiKey[]> {
  const items = (await keyItems(user.id)).filter((k) => (k.keys_version ?? 0) === keysVersionOf(user));
  return items.map(toApiKey).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Deletes the items of keys revoked all at once (made under a version below `version`): each key
 * and its lookup, in transactions of 50 pairs. Already refused and no longer counted, so a failure
 * here leaves only items the next revocation or the account's deletion removes.
 */
export async function dropRevokedKeys(userId: string, version: number): Promise<void> {
  const revoked = (await keyItems(userId)).filter((k) => (k.keys_version ?? 0) < version);
  for (let i = 0; i < revoked.length; i += 50) {
    await transact(
      revoked.slice(i, i + 50).flatMap((k) => [{ delete: { Key: apiKeyKeys.item(userId, k.id) } }, { delete: { Key: apiKeyKeys.lookup(k.hash) } }]),
    );
  }
}

const REVOKED_MEANWHILE = 'Your API keys were revoked by another request. Please try again.';

/** The counter's condition failed: every key was revoked meanwhile (409), else `otherwise` (the limit, a key gone). */
async function counterRefused(user: Pick<UserRecord, 'id' | 'api_keys_version'>, otherwise: () => Error): Promise<never> {
  const now = await getUser(user.id);
  throw now && keysVersionOf(now) !== keysVersionOf(user) ? new ConflictError(REVOKED_MEANWHILE) : otherwise();
}

/** Hashes of a user's keys, for removing their lookups when the account goes. */
export async function apiKeyLookups(userId: string): Promise<{ pk: string; sk: string }[]> {
  const items = await beginsWith(personalPk(userId), KEY_SK, { ProjectionExpression: '#h', ExpressionAttributeNames: { '#h': 'hash' } });
  return items.map((i) => apiKeyKeys.lookup(String(i.hash)));
}

/** Creates a key: the counter (at most API_KEYS_MAX, atomically), the key item and its lookup in one transaction. */
export async function createApiKey(user: Pick<UserRecord, 'id' | 'api_keys_version'>, name: string): Promise<CreatedApiKey> {
  const userId = user.id;
  const version = keysVersionOf(user);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hash = hashApiKey(key);
  // No last_used_at until the first use (a stored null would fail the touch's condition).
  const item: Omit<KeyItem, 'last_used_at'> = {
    id: randomUUID(),
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    created_at: new Date().toISOString(),
    hash,
    keys_version: version,
  };
  const refused = new Error('counter refused');
  await transact([
    failing(userParts.countApiKeys(userId, version, 1, API_KEYS_MAX), () => refused),
    { put: { Item: { ...apiKeyKeys.item(userId, item.id), type: 'api_key', ...item } } },
    {
      put: {
        Item: { ...apiKeyKeys.lookup(hash), type: 'api_key_lookup', user_id: userId, key_id: item.id, keys_version: version },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]).catch((error: unknown) =>
    error === refused
      ? counterRefused(user, () => new ForbiddenError(`You can keep at most ${API_KEYS_MAX} API keys. Revoke one you no longer use first.`))
      : Promise.reject(error),
  );
  return { id: item.id, name, key, prefix: item.prefix, created_at: item.created_at };
}

export const API_KEY_NOT_FOUND = 'API key not found.';

/** Revokes a key: its item and lookup go in one transaction, so the key is refused from the next request on. */
export async function deleteApiKey(user: Pick<UserRecord, 'id' | 'api_keys_version'>, keyId: string): Promise<void> {
  const userId = user.id;
  const found = await getItem(apiKeyKeys.item(userId, keyId), { consistent: true });
  // A key revoked with all the others is gone already, as far as its owner can tell.
  if (!found || (found.keys_version ?? 0) !== keysVersionOf(user)) throw new NotFoundError(API_KEY_NOT_FOUND);
  const refused = new Error('counter refused');
  await transact([
    { delete: { Key: apiKeyKeys.item(userId, keyId), ConditionExpression: 'attribute_exists(pk)' }, onFail: () => new NotFoundError(API_KEY_NOT_FOUND) },
    { delete: { Key: apiKeyKeys.lookup(String(found.hash)) } },
    failing(userParts.countApiKeys(userId, keysVersionOf(user), -1), () => refused),
  ]).catch((error: unknown) => (error === refused ? counterRefused(user, () => new NotFoundError(API_KEY_NOT_FOUND)) : Promise.reject(error)));
}

/** Access pattern: the key behind a presented key (one strong GetItem on its hash). */
export async function findApiKey(key: string): Promise<KeyLookup | undefined> {
  const lookup = apiKeyKeys.lookup(hashApiKey(key));
  // Read strongly, so a revoked key is refused from the next request; a key in heavy use, from the next second.
  return (await hotRead(lookup.pk, () => getItem(lookup, { consistent: true }))) as KeyLookup | undefined;
}

/**
 * Records that a key was used, at most once per LAST_USED_STEP_MS (the condition makes concurrent
 * requests write once). Both copies move: the lookup (which the next request reads to decide) and
 * the key item (which the list shows). A key revoked meanwhile is not brought back (attribute_exists).
 */
export async function touchApiKey(key: string, found: KeyLookup, now = new Date()): Promise<void> {
  if (found.last_used_at && now.getTime() - Date.parse(found.last_used_at) < LAST_USED_STEP_MS) return;
  // A lookup kept by hotRead still shows the old time for a second: one try per process and step, not one per request.
  const hash = hashApiKey(key);
  if ((triedAt.get(hash) ?? Number.NEGATIVE_INFINITY) > now.getTime() - LAST_USED_STEP_MS) return;
  if (triedAt.size >= 1_000) triedAt.clear();
  triedAt.set(hash, now.getTime());
  const at = now.toISOString();
  const before = new Date(now.getTime() - LAST_USED_STEP_MS).toISOString();
  const update = (Key: { pk: string; sk: string }) =>
    write({
      update: {
        Key,
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at < :before)',
        ExpressionAttributeValues: { ':at': at, ':before': before },
      },
    }).catch((error: Error) => {
      if (!conditionFailed(error)) throw error;
    });
  await Promise.all([update(apiKeyKeys.lookup(hash)), update(apiKeyKeys.item(found.user_id, found.key_id))]);
}

/** When this process last tried to record a key's use, by its hash. */
const triedAt = new Map<string, number>();
