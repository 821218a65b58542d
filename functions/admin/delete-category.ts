import { api, noContent } from '../lib/http';
import { deleteLibraryCategory } from '../lib/library';

/** DELETE /admin/categories/{id}: its prompts stay in the library, uncategorised. */
export const handler = api('DELETE /admin/categories/{id}', {}, async ({ params }) => {
  await deleteLibraryCategory(params.id);
  return noContent();
});
