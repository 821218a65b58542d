import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Directives, Snippet, SnippetInput } from '@shared/contract/context';
import { PROFILE_VALUES_MAX } from '@shared/contract/context';
import { BadRequestError, PayloadTooLargeError } from '../http/errors';
import { moveLegacyProfileValues } from '../migrations/legacy-profile-values';
import { collator } from './collator';
import { db, ITEM_BYTES_MAX, itemBytes, queryAll, TABLE } from './db';
import { PROFILE_VALUE_SK, personalPk, type WorkspacePk } from './keys';
import { createNamed, deleteNamed, type NamedKind, namedFrom, namedKey, updateNamed } from './named-items';
import { conditionFailed, retry } from './retry';
import { type Tx, transact } from './transactions';
import type { Item, UserRecord } from './users';
import { userKeys } from './users';
import type { WorkspaceRef } from './workspace';

/** Context keys (docs/data-model.md, "Items"): a PROFILE value is personal in every workspace; sorts after VERSION#, so workspace reads never load it. */
export const contextKeys = {
  profileValue: (userId: string, key: string) => ({ pk: `USER#${userId}`, sk: `${PROFILE_VALUE_SK}${key}` }),
};

/**
 * The Context Library: global directives live on the user item (read with the user, no extra
 * round trip; bounded by the contract); PROFILE values, which a user may add up to
 * PROFILE_VALUES_MAX of, are one item each in the user's partition (`XPROFILE#<key>`, keys.ts), so
 * the item every request reads stays small; snippets are items in the workspace partition with
 * unique names.
 */
export interface ContextFields {
  global_prompt_prefix?: string;
  global_prompt_suffix?: string;
  /** Where PROFILE values lived before they became items: moved out on the user's next request. */
  profile_values?: Record<string, string>;
  /** How many PROFILE value items the user has (the PROFILE_VALUES_MAX guard). */
  profile_values_used?: number;
}

/** The user item may carry more than directives (names, billing, counters): they get the rest of the 400 KB. */
const USER_ITEM_BYTES_MAX = ITEM_BYTES_MAX / 2;

/** A workspace's directives, from its holder item (the user item, or a team's item). */
export function directivesOf(holder: ContextFields): Directives {
  return { global_prompt_prefix: holder.global_prompt_prefix ?? '', global_prompt_suffix: holder.global_prompt_suffix ?? '' };
}

/** Saves both directives; refused with 413 (never DynamoDB's own refusal) should the holder item grow past its share. */
export async function saveDirectives(workspace: WorkspaceRef, directives: Directives): Promise<void> {
  if (!workspace.team) await moveLegacyProfileValues(workspace.holderItem as unknown as UserRecord);
  if (itemBytes({ ...workspace.holderItem, ...directives }) > USER_ITEM_BYTES_MAX) {
    throw new PayloadTooLargeError(`Your directives are too large to save: together they may take at most ${USER_ITEM_BYTES_MAX / 1024} KB.`);
  }
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: workspace.holder,
      UpdateExpression: 'SET global_prompt_prefix = :p, global_prompt_suffix = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': directives.global_prompt_prefix, ':s': directives.global_prompt_suffix },
    }),
  );
}

interface ProfileValueItem {
  key: string;
  value: string;
}

/** Access pattern: the user's PROFILE values (one Query on the XPROFILE# range), with any not yet moved off the user item. */
export async function profileValuesOf(user: UserRecord & ContextFields): Promise<Record<string, string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': personalPk(user.id), ':prefix': PROFILE_VALUE_SK },
  });
  return profileValuesFrom(user, items);
}

/** The PROFILE values from their items (type `profile_value`) as read, over any still on the user item. */
export function profileValuesFrom(user: ContextFields, items: Record<string, unknown>[]): Record<string, string> {
  return {
    ...user.profile_values,
    ...Object.fromEntries(items.map((i) => [(i as unknown as ProfileValueItem).key, (i as unknown as ProfileValueItem).value])),
  };
}

const TOO_MANY_VALUES = `You can keep at most ${PROFILE_VALUES_MAX} profile values.`;

/**
 * Sets one PROFILE value. A new key is its item and the user's count in one transaction, the count
 * conditioned on PROFILE_VALUES_MAX (so concurrent saves cannot pass it); an existing key is
 * overwritten in place.
 */
export async function setProfileValue(user: UserRecord & ContextFields, key: string, value: string): Promise<void> {
  await moveLegacyProfileValues(user);
  const item = { ...contextKeys.profileValue(user.id, key), type: 'profile_value', key, value, updated_at: new Date().toISOString() };
  const exists = new Error('the key has a value');
  // A value forgotten between the two writes below fails the overwrite: save it as new again.
  await retry({ attempts: 3, retryOn: conditionFailed }, async () => {
    try {
      await transact(
        [
          { Put: { TableName: TABLE, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: TABLE,
              Key: userKeys.user(user.id),
              UpdateExpression: 'ADD profile_values_used :one',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(profile_values_used) OR profile_values_used < :max)',
              ExpressionAttributeValues: { ':one': 1, ':max': PROFILE_VALUES_MAX },
            },
          },
        ],
        { 0: () => exists, 1: () => new BadRequestError(TOO_MANY_VALUES) },
      );
      return;
    } catch (error) {
      if (error !== exists) throw error;
    }
    await db.send(new PutCommand({ TableName: TABLE, Item: item, ConditionExpression: 'attribute_exists(pk)' }));
  });
}

/** Forgets one PROFILE value (nothing to do when it is not set): the item and the count together. */
export async function deleteProfileValue(user: UserRecord & ContextFields, key: string): Promise<void> {
  await moveLegacyProfileValues(user);
  const absent = new Error('no such value');
  await transact(
    [{ Delete: { TableName: TABLE, Key: contextKeys.profileValue(user.id, key), ConditionExpression: 'attribute_exists(pk)' } }, releaseCount(user.id)],
    {
      0: () => absent,
    },
  ).catch((error: unknown) => {
    if (error !== absent) throw error;
  });
}

const releaseCount = (userId: string): Tx => ({
  Update: {
    TableName: TABLE,
    Key: userKeys.user(userId),
    UpdateExpression: 'ADD profile_values_used :minus',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':minus': -1 },
  },
});

/** Snippets: names unique per user, counted against max_snippets. */
export const SNIPPET: NamedKind = {
  type: 'snippet',
  limit: 'max_snippets',
  nameField: 'snippet_name',
  itemSk: 'SNIPPET',
  claimSk: 'SNIPNAME',
  notFound: 'Snippet not found.',
  nameTaken: 'A snippet with this name already exists.',
};

interface SnippetItem extends Snippet {
  created_at: string;
  updated_at: string;
}

const toSnippet = ({ id, snippet_name, snippet_content }: Snippet): Snippet => ({ id, snippet_name, snippet_content });

/** Access pattern: a user's snippets, by name (one Query on the SNIPPET# range). */
export async function listSnippets(workspace: WorkspacePk): Promise<Snippet[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': 'SNIPPET#' },
  });
  return items.map((item) => toSnippet(item as Snippet)).sort((a, b) => collator.compare(a.snippet_name, b.snippet_name));
}

export async function createSnippet(workspace: WorkspaceRef, input: SnippetInput): Promise<Snippet> {
  const now = new Date().toISOString();
  const snippet: SnippetItem = { id: randomUUID(), ...input, created_at: now, updated_at: now };
  await createNamed(SNIPPET, workspace, { ...snippet });
  return toSnippet(snippet);
}

/** For a route's `preload` (http.ts): the caller's own snippet named by the path's `id`. */
export const snippetPreload = { snippet: namedKey(SNIPPET) };

/** Updates the snippet as the route preloaded it (404 when there is none). */
export async function updateSnippet(workspace: WorkspacePk, item: Item | undefined, input: SnippetInput): Promise<Snippet> {
  const current = namedFrom<SnippetItem>(SNIPPET, item);
  await updateNamed(SNIPPET, workspace, { ...current }, { ...input, updated_at: new Date().toISOString() });
  return { id: current.id, ...input };
}

/** Deletes the snippet as the route preloaded it (404 when there is none). */
export async function deleteSnippet(workspace: WorkspacePk, item: Item | undefined): Promise<void> {
  await deleteNamed(SNIPPET, workspace, { ...namedFrom<SnippetItem>(SNIPPET, item) });
}
