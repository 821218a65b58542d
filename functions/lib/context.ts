import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Directives, Snippet, SnippetInput } from '@shared/contract/context';
import { PROFILE_VALUES_MAX } from '@shared/contract/context';
import { TABLE, db, queryAll } from './db';
import { BadRequestError } from './errors';
import { keys } from './keys';
import { type NamedKind, createNamed, deleteNamed, namedFrom, namedKey, updateNamed } from './named-items';
import type { Item, UserRecord } from './users';

/**
 * The Context Library: global directives and PROFILE values live on the user item (read with the
 * user, no extra round trip); snippets are items in the workspace partition with unique names.
 */
export interface ContextFields {
  global_prompt_prefix?: string;
  global_prompt_suffix?: string;
  profile_values?: Record<string, string>;
}

export function directivesOf(user: UserRecord & ContextFields): Directives {
  return { global_prompt_prefix: user.global_prompt_prefix ?? '', global_prompt_suffix: user.global_prompt_suffix ?? '' };
}

export async function saveDirectives(userId: string, directives: Directives): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(userId),
      UpdateExpression: 'SET global_prompt_prefix = :p, global_prompt_suffix = :s',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':p': directives.global_prompt_prefix, ':s': directives.global_prompt_suffix },
    }),
  );
}

export const profileValuesOf = (user: UserRecord & ContextFields) => user.profile_values ?? {};

/** Sets one PROFILE value; a new key is refused past PROFILE_VALUES_MAX, atomically (the map exists from sign-up). */
export async function setProfileValue(userId: string, key: string, value: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.user(userId),
        UpdateExpression: 'SET profile_values.#k = :v',
        ConditionExpression: 'attribute_exists(profile_values.#k) OR size(profile_values) < :max',
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': value, ':max': PROFILE_VALUES_MAX },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new BadRequestError(`You can keep at most ${PROFILE_VALUES_MAX} profile values.`);
    }
    throw error;
  }
}

export async function deleteProfileValue(userId: string, key: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.user(userId),
      UpdateExpression: 'REMOVE profile_values.#k',
      ConditionExpression: 'attribute_exists(profile_values)',
      ExpressionAttributeNames: { '#k': key },
    }),
  ).catch((error: Error) => {
    if (error.name !== 'ConditionalCheckFailedException') throw error;
  });
}

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
export async function listSnippets(userId: string): Promise<Snippet[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.workspace(userId), ':prefix': 'SNIPPET#' },
  });
  return items.map((item) => toSnippet(item as Snippet)).sort((a, b) => a.snippet_name.localeCompare(b.snippet_name, undefined, { sensitivity: 'base' }));
}

export async function createSnippet(user: UserRecord, input: SnippetInput): Promise<Snippet> {
  const now = new Date().toISOString();
  const snippet: SnippetItem = { id: randomUUID(), ...input, created_at: now, updated_at: now };
  await createNamed(SNIPPET, user, { ...snippet });
  return toSnippet(snippet);
}

/** For a route's `preload` (http.ts): the caller's own snippet named by the path's `id`. */
export const snippetPreload = { snippet: namedKey(SNIPPET) };

/** Updates the snippet as the route preloaded it (404 when there is none). */
export async function updateSnippet(userId: string, item: Item | undefined, input: SnippetInput): Promise<Snippet> {
  const current = namedFrom<SnippetItem>(SNIPPET, item);
  await updateNamed(SNIPPET, userId, { ...current }, { ...input, updated_at: new Date().toISOString() });
  return { id: current.id, ...input };
}

/** Deletes the snippet as the route preloaded it (404 when there is none). */
export async function deleteSnippet(userId: string, item: Item | undefined): Promise<void> {
  await deleteNamed(SNIPPET, userId, { ...namedFrom<SnippetItem>(SNIPPET, item) });
}
