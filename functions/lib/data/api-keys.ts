import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, API_KEYS_MAX, type ApiKey, type CreatedApiKey } from '@shared/contract/api-keys';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { beginsWith, getItem } from './db';
import { personalPk } from './keys';
import { conditionFailed } from './retry';
import { failing, transact, write } from './transactions';
import { userParts } from './users';

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
}
export interface KeyLookup {
  user_id: string;
  key_id: string;
  last_used_at?: string;
}

const toApiKey = ({ id, name, prefix, created_at, last_used_at }: KeyItem): ApiKey => ({ id, name, prefix, created_at, last_used_at: last_used_at ?? null });

/** Access pattern: a user's keys (one Query on the APIKEY# range of the workspace), newest first. */
export async function listApiKeys(userId: string): Promise<ApiKey[]> {
  const items = (await beginsWith(personalPk(userId), KEY_SK, { ConsistentRead: true })) as unknown as KeyItem[];
  return items.map(toApiKey).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Hashes of a user's keys, for removing their lookups when the account goes. */
export async function apiKeyLookups(userId: string): Promise<{ pk: string; sk: string }[]> {
  const items = await beginsWith(personalPk(userId), KEY_SK, { ProjectionExpression: '#h', ExpressionAttributeNames: { '#h': 'hash' } });
  return items.map((i) => apiKeyKeys.lookup(String(i.hash)));
}

/** Creates a key: the counter (at most API_KEYS_MAX, atomically), the key item and its lookup in one transaction. */
export async function createApiKey(userId: string, name: string): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hash = hashApiKey(key);
  // No last_used_at until the first use (a stored null would fail the touch's condition).
  const item: Omit<KeyItem, 'last_used_at'> = {
    id: randomUUID(),
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    created_at: new Date().toISOString(),
    hash,
  };
  await transact([
    failing(
      userParts.countApiKeys(userId, 1, API_KEYS_MAX),
      () => new ForbiddenError(`You can keep at most ${API_KEYS_MAX} API keys. Revoke one you no longer use first.`),
    ),
    { put: { Item: { ...apiKeyKeys.item(userId, item.id), type: 'api_key', ...item } } },
    {
      put: { Item: { ...apiKeyKeys.lookup(hash), type: 'api_key_lookup', user_id: userId, key_id: item.id }, ConditionExpression: 'attribute_not_exists(pk)' },
    },
  ]);
  return { id: item.id, name, key, prefix: item.prefix, created_at: item.created_at };
}

export const API_KEY_NOT_FOUND = 'API key not found.';

/** Revokes a key: its item and lookup go in one transaction, so the key is refused from the next request on. */
export async function deleteApiKey(userId: string, keyId: string): Promise<void> {
  const found = await getItem(apiKeyKeys.item(userId, keyId), { consistent: true });
  if (!found) throw new NotFoundError(API_KEY_NOT_FOUND);
  await transact([
    { delete: { Key: apiKeyKeys.item(userId, keyId), ConditionExpression: 'attribute_exists(pk)' }, onFail: () => new NotFoundError(API_KEY_NOT_FOUND) },
    { delete: { Key: apiKeyKeys.lookup(String(found.hash)) } },
    userParts.countApiKeys(userId, -1),
  ]);
}

/** Access pattern: the key behind a presented key (one strong GetItem on its hash). */
export async function findApiKey(key: string): Promise<KeyLookup | undefined> {
  return (await getItem(apiKeyKeys.lookup(hashApiKey(key)), { consistent: true })) as KeyLookup | undefined;
}

/**
 * Records that a key was used, at most once per LAST_USED_STEP_MS (the condition makes concurrent
 * requests write once). Both copies move: the lookup (which the next request reads to decide) and
 * the key item (which the list shows). A key revoked meanwhile is not brought back (attribute_exists).
 */
export async function touchApiKey(key: string, found: KeyLookup, now = new Date()): Promise<void> {
  if (found.last_used_at && now.getTime() - Date.parse(found.last_used_at) < LAST_USED_STEP_MS) return;
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
  await Promise.all([update(apiKeyKeys.lookup(hashApiKey(key))), update(apiKeyKeys.item(found.user_id, found.key_id))]);
}
