import { allLibraryCategories } from '../lib/data/library';
import { libraryCategoryRows } from '../lib/data/library-views';
import { api, ok } from '../lib/http/http';
import { libraryManifest } from '../lib/services/library-snapshot/read';

/** GET /admin/categories: library categories (their small index partition) with prompt counts from the snapshot. */
export const handler = api('GET /admin/categories', {}, async () => {
  const [categories, manifest] = await Promise.all([allLibraryCategories(), libraryManifest()]);
  return ok(libraryCategoryRows(categories, manifest.category_counts));
});
