import { deleteLibraryCategory } from '../lib/data/library';
import { api, noContent } from '../lib/http/http';

/** DELETE /admin/categories/{id}: its prompts stay in the library, uncategorised. */
export const handler = api('DELETE /admin/categories/{id}', {}, async ({ params }) => {
  await deleteLibraryCategory(params.id);
  return noContent();
});
