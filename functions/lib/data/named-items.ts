import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LimitKind } from '@shared/tiers';
import { ConflictError, NotFoundError } from '../http/errors';
import type { PreloadInput } from '../http/http';
import { db, TABLE } from './db';
import { holderOf, type WorkspacePk } from './keys';
import { retry } from './retry';
import { claimSlot, limitError, releaseSlot, type Tx, transact } from './transactions';
import type { Item, UserRecord } from './users';
import type { WorkspaceRef } from './workspace';

/**
 * Items with a per-user unique name (categories, snippets). Each has a name-claim item beside
 * it (sk `<CLAIM>#<lower name>`), written in the same transaction, so two concurrent creates or
 * renames can never end with one name twice; the plan-limit counter moves in it too.
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

const itemKey = (kind: NamedKind, workspace: WorkspacePk, id: string) => ({ pk: workspace, sk: `${kind.itemSk}#${id}` });
const claimKey = (kind: NamedKind, workspace: WorkspacePk, name: string) => ({ pk: workspace, sk: `${kind.claimSk}#${name.trim().toLowerCase()}` });
const claimPut = (kind: NamedKind, workspace: WorkspacePk, name: string, id: string): Tx => ({
  Put: {
    TableName: TABLE,
    Item: { ...claimKey(kind, workspace, name), type: `${kind.type}_name`, item_id: id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export async function getNamed<T>(kind: NamedKind, workspace: WorkspacePk, id: string): Promise<T & { id: string }> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: itemKey(kind, workspace, id) }));
  return namedFrom<T>(kind, Item);
}

/** The key of the caller's own item named by the path's `id`, for a route's `preload` (http.ts). */
export const namedKey =
  (kind: NamedKind) =>
  ({ params, workspace }: PreloadInput<'id'>) =>
    itemKey(kind, workspace, params.id);

/** The item as read (by getNamed or a route's `preload`); 404 when there is none. */
export function namedFrom<T>(kind: NamedKind, item: Item | undefined): T & { id: string } {
  if (!item) throw new NotFoundError(kind.notFound);
  return item as T & { id: string };
}

export async function createNamed(kind: NamedKind, workspace: WorkspaceRef, item: { id: string } & Record<string, unknown>): Promise<void> {
  await transact([claimSlot(workspace, kind.limit), ...namedPuts(kind, workspace.pk, item)], {
    0: limitError(workspace, kind.limit),
    1: () => new ConflictError(kind.nameTaken),
  });
}

/**
 * The two writes of a new named item, name claim first (it fails its condition when the name is
 * taken), for a transaction that also claims the plan slots (createNamed; imports claim many at once).
 */
export function namedPuts(kind: NamedKind, workspace: WorkspacePk, item: { id: string } & Record<string, unknown>): [Tx, Tx] {
  return [
    claimPut(kind, workspace, String(item[kind.nameField]), item.id),
    { Put: { TableName: TABLE, Item: { ...itemKey(kind, workspace, item.id), type: kind.type, ...item } } },
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
  const items: Tx[] = [
    {
      Update: {
        TableName: TABLE,
        Key: itemKey(kind, workspace, current.id),
        UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #name = :old',
        ExpressionAttributeNames: { '#name': kind.nameField, ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
        ExpressionAttributeValues: { ':old': oldName, ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])) },
      },
    },
  ];
  if (newName.trim().toLowerCase() !== oldName.trim().toLowerCase()) {
    items.push(claimPut(kind, workspace, newName, current.id), { Delete: { TableName: TABLE, Key: claimKey(kind, workspace, oldName) } });
  }
  await transact(items, {
    0: () => new ConflictError('This item was changed by another request. Please reload and try again.'),
    1: () => new ConflictError(kind.nameTaken),
  });
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
    exhausted: () => new ConflictError('This item was changed by another request. Please reload and try again.'),
  };
  await retry(policy, async () => {
    const name = String(current[kind.nameField]);
    try {
      await transact(
        [
          {
            Delete: {
              TableName: TABLE,
              Key: itemKey(kind, workspace, current.id),
              ConditionExpression: 'attribute_exists(pk) AND #name = :name',
              ExpressionAttributeNames: { '#name': kind.nameField },
              ExpressionAttributeValues: { ':name': name },
            },
          },
          { Delete: { TableName: TABLE, Key: claimKey(kind, workspace, name) } },
          releaseSlot(holderOf(workspace), kind.limit),
        ],
        { 0: () => renamed },
      );
    } catch (error) {
      if (error !== renamed) throw error;
      // Gone (404) or renamed meanwhile: read it again and delete it under its current name.
      current = await getNamed(kind, workspace, current.id);
      throw error;
    }
  });
}
