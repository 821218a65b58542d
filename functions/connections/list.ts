import { listConnections } from '../lib/data/connections';
import { api, ok } from '../lib/http/http';

/** GET /connections: the workspace's connections (any member), each with its key's hint, never the key. */
export const handler = api('GET /connections', {}, async ({ workspace }) => ok({ connections: await listConnections(workspace.pk) }));
