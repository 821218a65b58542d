import { LibraryCategoryInput } from '@shared/contract/admin';
import { api, created } from '../lib/http/http';
import { createLibraryCategory } from '../lib/use-cases/library-curation';

/** POST /admin/categories: a new library category (names unique, 409). */
export const handler = api('POST /admin/categories', { body: LibraryCategoryInput }, async ({ body }) =>
  created({ ...(await createLibraryCategory(body.name)), prompt_count: 0 }),
);
