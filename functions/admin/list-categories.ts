import { api, ok } from '../lib/http';
import { libraryCategoryRows, loadLibrary } from '../lib/library';

/** GET /admin/categories: library categories with their prompt counts. */
export const handler = api('GET /admin/categories', {}, async () => ok(libraryCategoryRows(await loadLibrary())));
