import { deleteSnippet, snippetPreload } from '../lib/data/context';
import { api, noContent } from '../lib/http/http';

/** DELETE /context/snippets/{id}: 204, no body (the snippet is read with the user: two round trips). */
export const handler = api('DELETE /context/snippets/{id}', { preload: snippetPreload }, async ({ workspace, preloaded }) => {
  await deleteSnippet(workspace.pk, preloaded.snippet);
  return noContent();
});
