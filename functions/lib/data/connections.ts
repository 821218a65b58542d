import { CONNECTIONS_MAX, type Connection } from '@shared/contract/connections';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { beginsWith, getItem } from './db';
import type { WorkspacePk } from './keys';
import { failing, transact } from './transactions';
import { holderParts } from './workspace';

/**
 * Model connections: a workspace's own provider accounts (docs/data-model.md, "connection").
 *
 * | item       | pk                     | sk               |
 * |------------|------------------------|------------------|
 * | connection | USER#<id> / TEAM#<id>  | XCONN#<id>       | name, provider, base_url, models, key_hint, sealed_key, created_at, created_by
 *
 * `XCONN#` sorts after `VERSION#`, so the workspace Query (every prompt list) never reads them:
 * only the connection routes and a run on a connection do. The key arrives sealed (the use-case
 * seals it with the secret box, bound to the workspace and the connection's id, so a sealed key
 * copied onto another item or workspace does not open); `key_hint` is all that is shown. The
 * holder item (user or team) counts them (`connections_used`, at most CONNECTIONS_MAX), moved in
 * the same transaction as the item, so parallel creates never pass it.
 */
export const CONNECTION_SK = 'XCONN#';

export const connectionKeys = {
  item: (workspace: WorkspacePk, id: string) => ({ pk: workspace as string, sk: `${CONNECTION_SK}${id}` }),
};

export interface ConnectionItem extends Connection {
  sealed_key: string;
  created_by: string;
}

export const CONNECTION_NOT_FOUND = 'Connection not found.';
export const CONNECTIONS_FULL = `A workspace keeps at most ${CONNECTIONS_MAX} model connections. Delete one you no longer use first.`;

/** The public shape: an allow-list, so the sealed key never reaches an answer or an export. */
export const toConnection = ({ id, name, provider, base_url, key_hint, models, created_at }: ConnectionItem): Connection => ({
  id,
  name,
  provider,
  base_url: base_url ?? null,
  key_hint,
  models: models ?? [],
  created_at,
});

/** The last 4 characters, to tell keys apart (issue 28); a key of 4 characters or fewer shows none, or the hint would be the key. */
export const keyHint = (key: string) => (key.length > 4 ? key.slice(-4) : '');

/** Adds a connection: the workspace's count (at most CONNECTIONS_MAX) and the item, its key sealed already, in one transaction. */
export async function createConnection(workspace: WorkspacePk, item: ConnectionItem): Promise<Connection> {
  await transact([
    failing(holderParts.countConnections(workspace, 1, CONNECTIONS_MAX), () => new ForbiddenError(CONNECTIONS_FULL)),
    { put: { Item: { ...connectionKeys.item(workspace, item.id), type: 'connection', ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
  return toConnection(item);
}

/** Access pattern: a workspace's connections (one Query on its XCONN# range), oldest first. */
export async function listConnections(workspace: WorkspacePk): Promise<Connection[]> {
  const items = (await beginsWith(workspace, CONNECTION_SK, { ConsistentRead: true })) as unknown as ConnectionItem[];
  return items.map(toConnection).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Access pattern: one connection of the workspace (strong GetItem), or 404. */
export async function getConnection(workspace: WorkspacePk, id: string): Promise<ConnectionItem> {
  const item = await getItem(connectionKeys.item(workspace, id), { consistent: true });
  if (!item) throw new NotFoundError(CONNECTION_NOT_FOUND);
  return item as unknown as ConnectionItem;
}

/** Deletes a connection and its sealed key, giving its slot back, in one transaction. */
export async function deleteConnection(workspace: WorkspacePk, id: string): Promise<void> {
  await transact([
    failing(
      { delete: { Key: connectionKeys.item(workspace, id), ConditionExpression: 'attribute_exists(pk)' } },
      () => new NotFoundError(CONNECTION_NOT_FOUND),
    ),
    holderParts.countConnections(workspace, -1),
  ]);
}
