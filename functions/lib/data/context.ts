import { randomUUID } from 'node:crypto';
import type { Directives, Snippet, SnippetInput } from '@shared/contract/context';
import { PROFILE_VALUES_MAX } from '@shared/contract/context';
import { BadRequestError, PayloadTooLargeError } from '../http/errors';
import { collator } from './collator';
import { beginsWith, ITEM_BYTES_MAX, type Item, itemBytes } from './db';
import type { WorkspacePk } from './keys';
import { createNamed, deleteNamed, type NamedKind, namedFrom, namedKey, namedPrefix, updateNamed } from './named-items';
import { type ContextFields, profileValueParts } from './profile-values';
import { conditionFailed, retry } from './retry';
import { failing, transact, write } from './transactions';
import { type UserRecord, userParts } from './users';
import { holderParts, type WorkspaceRef } from './workspace';

/**
 * The Context Library: global directives live on the user item (read with the user, no extra
 * round trip; bounded by the contract); PROFILE values, which a user may add up to
 * PROFILE_VALUES_MAX of, are one item each in the user's partition (profile-values.ts), so the
 * item every request reads stays small; snippets are items in the workspace partition with
 * unique names.
 */

/** The user item may carry more than directives (names, billing, counters): they get the rest of the 400 KB. */
const USER_ITEM_BYTES_MAX = ITEM_BYTES_MAX / 2;

/** A workspace's directives, from its holder item (the user item, or a team's item). */
export function directivesOf(holder: ContextFields): Directives {
  return { global_prompt_prefix: holder.global_prompt_prefix ?? '', global_prompt_suffix: holder.global_prompt_suffix ?? '' };
}

/** Saves both directives; refused with 413 (never DynamoDB's own refusal) should the holder item grow past its share. */
export async function saveDirectives(workspace: WorkspaceRef, directives: Directives): Promise<void> {
  if (itemBytes({ ...workspace.holderItem, ...directives }) > USER_ITEM_BYTES_MAX) {
    throw new PayloadTooLargeError(`Your directives are too large to save: together they may take at most ${USER_ITEM_BYTES_MAX / 1024} KB.`);
  }
  await write(holderParts.setDirectives(workspace.pk, directives));
}

const TOO_MANY_VALUES = `You can keep at most ${PROFILE_VALUES_MAX} profile values.`;

/**
 * Sets one PROFILE value. A new key is its item and the user's count in one transaction, the count
 * conditioned on PROFILE_VALUES_MAX (so concurrent saves cannot pass it); an existing key is
 * overwritten in place.
 */
export async function setProfileValue(user: UserRecord & ContextFields, key: string, value: string): Promise<void> {
  const exists = new Error('the key has a value');
  // A value forgotten between the two writes below fails the overwrite: save it as new again.
  await retry({ attempts: 3, retryOn: conditionFailed }, async () => {
    try {
      await transact([
        failing(profileValueParts.put(user.id, key, value, 'new'), () => exists),
        failing(userParts.countProfileValues(user.id, 1, PROFILE_VALUES_MAX), () => new BadRequestError(TOO_MANY_VALUES)),
      ]);
      return;
    } catch (error) {
      if (error !== exists) throw error;
    }
    await write(profileValueParts.put(user.id, key, value, 'existing'));
  });
}

/** Forgets one PROFILE value (nothing to do when it is not set): the item and the count together. */
export async function deleteProfileValue(user: UserRecord & ContextFields, key: string): Promise<void> {
  const absent = new Error('no such value');
  await transact([failing(profileValueParts.remove(user.id, key), () => absent), userParts.countProfileValues(user.id, -1)]).catch((error: unknown) => {
    if (error !== absent) throw error;
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
export async function listSnippets(workspace: WorkspacePk): Promise<Snippet[]> {
  const items = await beginsWith(workspace, namedPrefix(SNIPPET));
  return items.map((item) => toSnippet(item as Snippet)).sort((a, b) => collator.compare(a.snippet_name, b.snippet_name));
}

export async function createSnippet(workspace: WorkspaceRef, input: SnippetInput): Promise<Snippet> {
  const now = new Date().toISOString();
  const snippet: SnippetItem = { id: randomUUID(), ...input, created_at: now, updated_at: now };
  await createNamed(SNIPPET, workspace, { ...snippet });
  return toSnippet(snippet);
}

/** For a route's `preload` (http/authenticate.ts): the caller's own snippet named by the path's `id`. */
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
