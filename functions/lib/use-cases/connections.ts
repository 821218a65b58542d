import { randomUUID } from 'node:crypto';
import type { ConnectionInput } from '@shared/contract/connections';
import { type ConnectionItem, createConnection, getConnection, keyHint } from '../data/connections';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError } from '../http/errors';
import type { OpenConnection } from '../services/engine/types';
import { checkOutboundUrl } from '../services/outbound-url';
import { open, seal } from '../services/secret-box';

/**
 * Model connections across their entity (data/connections.ts) and the services they need: the
 * base URL checked before it is stored (outbound-url.ts: https and public addresses when
 * deployed), the key sealed before it is stored and opened only for a call (secret-box.ts, bound
 * to the workspace and the connection). Testing one with its provider: connection-test.ts (it
 * bundles the provider SDKs, which creating and listing connections do not need).
 */

/** POST /connections: checks the base URL, seals the key, stores the connection. */
export async function addConnection(workspace: WorkspaceRef, input: ConnectionInput, userId: string) {
  const baseUrl = input.base_url ? await checkedBaseUrl(input.base_url) : null;
  const id = randomUUID();
  const item: ConnectionItem = {
    id,
    name: input.name,
    provider: input.provider,
    base_url: baseUrl,
    key_hint: keyHint(input.api_key),
    models: input.models ?? [],
    created_at: new Date().toISOString(),
    sealed_key: await seal(input.api_key, { workspace: workspace.pk, item: id }),
    created_by: userId,
  };
  return createConnection(workspace.pk, item);
}

/** The base URL as stored: allowed by the outbound rules, without credentials (they would be shown to every member), no trailing slash. */
async function checkedBaseUrl(raw: string): Promise<string> {
  const url = await checkOutboundUrl(raw, 'base_url');
  if (url.username || url.password) throw new BadRequestError('base_url must not contain a user name or password: put the key in api_key.');
  if (url.hash || url.search) throw new BadRequestError('base_url must not have a query or a fragment.');
  return url.href.replace(/\/+$/, '');
}

/** A connection of the workspace with its key opened, for one call (404 when the workspace has no such connection). */
export async function openConnection(workspace: Pick<WorkspaceRef, 'pk'>, id: string): Promise<OpenConnection> {
  const item = await getConnection(workspace.pk, id);
  return {
    provider: item.provider,
    base_url: item.base_url ?? null,
    models: item.models ?? [],
    api_key: await open(item.sealed_key, { workspace: workspace.pk, item: item.id }),
  };
}
