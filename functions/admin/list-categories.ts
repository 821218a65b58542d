import { api, ok } from '../lib/http';
import { allLibraryCategories, libraryCategoryRows } from '../lib/library';
import { libraryManifest } from '../lib/library-snapshot';

/** GET /admin/categories: library categories (their small index partition) with prompt counts from the snapshot. */
export const handler = api('GET /admin/categories', {}, async () => {
  const [categories, manifest] = await Promise.all([allLibraryCategories(), libraryManifest()]);
  return ok(libraryCategoryRows(categories, manifest.category_counts));
});
