import { api, ok } from '../lib/http';
import { libraryFilters, loadLibrary } from '../lib/library';

/** GET /library/filters: category names, tasks and industries across the library. */
export const handler = api('GET /library/filters', {}, async () => ok(libraryFilters(await loadLibrary())));
