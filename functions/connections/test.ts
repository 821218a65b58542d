import { api, ok } from '../lib/http/http';
import { testConnection } from '../lib/use-cases/connection-test';

/** POST /connections/{id}/test: asks the provider for its models with the connection's key (owners). */
export const handler = api('POST /connections/{id}/test', {}, async ({ params, workspace }) => ok(await testConnection(workspace, params.id)));
