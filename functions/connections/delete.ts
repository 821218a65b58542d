import { deleteConnection } from '../lib/data/connections';
import { api, noContent } from '../lib/http/http';

/** DELETE /connections/{id}: the connection and its sealed key go (owners); runs naming it are refused from then on. */
export const handler = api('DELETE /connections/{id}', {}, async ({ params, workspace }) => {
  await deleteConnection(workspace.pk, params.id);
  return noContent();
});
