import { ConnectionInput } from '@shared/contract/connections';
import { api, created } from '../lib/http/http';
import { addConnection } from '../lib/use-cases/connections';

/** POST /connections: a model connection of the workspace (owners); the key is sealed and never shown again. */
export const handler = api('POST /connections', { body: ConnectionInput }, async ({ user, body, workspace }) =>
  created(await addConnection(workspace, body, user.id)),
);
