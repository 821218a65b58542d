import { LibraryCategoryInput } from '@shared/contract/admin';
import { api, noContent } from '../lib/http/http';
import { renameLibraryCategory } from '../lib/use-cases/library-curation';

/** PUT /admin/categories/{id}: rename a library category. */
export const handler = api('PUT /admin/categories/{id}', { body: LibraryCategoryInput }, async ({ body, params }) => {
  await renameLibraryCategory(params.id, body.name);
  return noContent();
});
