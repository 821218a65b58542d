import { api, noContent } from '../lib/http/http';
import { deleteLibraryCategory } from '../lib/use-cases/library-curation';

/** DELETE /admin/categories/{id}: its prompts stay in the library, uncategorised. */
export const handler = api('DELETE /admin/categories/{id}', {}, async ({ params }) => {
  await deleteLibraryCategory(params.id);
  return noContent();
});
