import { deleteSnippet } from '../lib/context';
import { api, noContent } from '../lib/http';

/** DELETE /context/snippets/{id}: 204, no body. */
export const handler = api('DELETE /context/snippets/{id}', {}, async ({ user, params }) => {
  await deleteSnippet(user.id, params.id!);
  return noContent();
});
