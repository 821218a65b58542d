import type { LimitKind } from '@shared/tiers';
import { ConflictError, NotFoundError } from '../http/errors';
import { getItem, type Item } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { retry } from './retry';
import { failing, type Part, transact } from './transactions';
import { holderParts, type WorkspaceRef } from './workspace';

/**
 * Items with a per-user unique name (categories, snippets). Each has a name-claim item beside
 * it (sk `<CLAIM>#<lower name>`), written in the same transaction, so two concurrent creates or
 * renames can never end with one name twice; the plan-limit counter moves in it too. This module
 * writes the items of every NamedKind (category.ts and context.ts define theirs).
 */
export interface NamedKind {
  type: string;
  limit: LimitKind;
  /** The attribute holding the name, e.g. `name` or `snippet_name`. */
  nameField: string;
  itemSk: string;
  claimSk: string;
  notFound: string;
  nameTaken: string;
}

const CHANGED = 'This item was changed by another request. Please reload and try again.';

/** The sk prefix every item of the kind starts with (`CATEGORY#`, `SNIPPET#`). */
export const namedPrefix = (kind: NamedKind) => `${kind.itemSk}#`;
export const namedItemKey = (kind: NamedKind, workspace: WorkspacePk, id: string) => ({ pk: workspace as string, sk: `${namedPrefix(kind)}${id}` });
/** Names are unique trimmed and case-insensitively: claims (and imports matching names) use this form. */
export const nameKey = (name: string) => name.trim().toLowerCase();
const claimKey = (kind: NamedKind, workspace: WorkspacePk, name: string) => ({ pk: workspace as string, sk: `${kind.claimSk}#${nameKey(name)}` });
const claimPut = (kind: NamedKind, workspace: WorkspacePk, name: string, id: string): Part => ({
  put: { Item: { ...claimKey(kind, workspace, name), type: `${kind.type}_name`, item_id: id }, ConditionExpression: 'attribute_not_exists(pk)' },
  onFail: () => new ConflictError(kind.nameTaken),
});

export async function getNamed<T>(kind: NamedKind, workspace: WorkspacePk, id: string): Promise<T & { id: string }> {
  return namedFrom<T>(kind, await getItem(namedItemKey(kind, workspace, id)));
}

/** The key of the caller's own item named by the path's `id`, for a route's `preload` (http/authenticate.ts). */
export const namedKey =
  (kind: NamedKind) =>
  ({ params, workspace }: PreloadInput<'id'>) =>
    namedItemKey(kind, workspace, params.id);

/** The item as read (by getNamed or a route's `preload`); 404 when there is none. */
export function namedFrom<T>(kind: NamedKind, item: Item | undefined): T & { id: string } {
  if (!item) throw new NotFoundError(kind.notFound);
  return item as T & { id: string };
}

export async function createNamed(kind: NamedKind, workspace: WorkspaceRef, item: { id: string } & Record<string, unknown>): Promise<void> {
  await transact([holderParts.claimSlot(workspace, kind.limit), ...namedPuts(kind, workspace.pk, item)]);
}

/**
 * The two writes of a new named item, name claim first (it fails with `nameTaken` when the name
 * is taken), for a transaction that also claims the plan slots (createNamed; imports claim many
 * at once).
 */
export function namedPuts(kind: NamedKind, workspace: WorkspacePk, item: { id: string } & Record<string, unknown>): [Part, Part] {
  return [
    claimPut(kind, workspace, String(item[kind.nameField]), item.id),
    { put: { Item: { ...namedItemKey(kind, workspace, item.id), type: kind.type, ...item } } },
  ];
}

/** Updates fields (the name among them); the item must still carry the name it was read with. */
export async function updateNamed(
  kind: NamedKind,
  workspace: WorkspacePk,
  current: { id: string } & Record<string, unknown>,
  fields: Record<string, unknown>,
): Promise<void> {
  const oldName = String(current[kind.nameField]);
  const newName = String(fields[kind.nameField] ?? oldName);
  const names = Object.keys(fields);
  const parts: Part[] = [
    {
      update: {
        Key: namedItemKey(kind, workspace, current.id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #name = :old',
        ExpressionAttributeNames: { '#name': kind.nameField, ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
        ExpressionAttributeValues: { ':old': oldName, ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])) },
      },
      onFail: () => new ConflictError(CHANGED),
    },
  ];
  if (nameKey(newName) !== nameKey(oldName)) {
    parts.push(claimPut(kind, workspace, newName, current.id), { delete: { Key: claimKey(kind, workspace, oldName) } });
  }
  await transact(parts);
}

/**
 * Deletes the item with its name claim. The item must still carry the name it was read with, or
 * a rename that slipped in between would leave its new claim behind, blocking that name forever;
 * on such a race the item is read again and the delete retried.
 */
export async function deleteNamed(kind: NamedKind, workspace: WorkspacePk, current: { id: string } & Record<string, unknown>): Promise<void> {
  const renamed = new Error('renamed meanwhile');
  const policy = {
    attempts: 3,
    retryOn: (error: unknown) => error === renamed,
    exhausted: () => new ConflictError(CHANGED),
  };
  await retry(policy, async () => {
    const name = String(current[kind.nameField]);
    try {
      await transact([
        failing(
          {
            delete: {
              Key: namedItemKey(kind, workspace, current.id),
              ConditionExpression: 'attribute_exists(pk) AND #name = :name',
              ExpressionAttributeNames: { '#name': kind.nameField },
              ExpressionAttributeValues: { ':name': name },
            },
          },
          () => renamed,
        ),
        { delete: { Key: claimKey(kind, workspace, name) } },
        holderParts.releaseSlot(workspace, kind.limit),
      ]);
    } catch (error) {
      if (error !== renamed) throw error;
      // Gone (404) or renamed meanwhile: read it again and delete it under its current name.
      current = await getNamed(kind, workspace, current.id);
      throw error;
    }
  });
}
