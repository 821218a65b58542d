import { deleteApiKey } from '../lib/data/api-keys';
import { api, noContent } from '../lib/http/http';

/** DELETE /api-keys/{id}: revokes the key; it is refused from the next request on. */
export const handler = api('DELETE /api-keys/{id}', {}, async ({ user, params }) => {
  await deleteApiKey(user, params.id);
  return noContent();
});
