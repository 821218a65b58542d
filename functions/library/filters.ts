import { api, ok } from '../lib/http';
import { libraryFilters } from '../lib/library-snapshot';

/** GET /library/filters: category names, tasks and industries across the library (from the snapshot's manifest). */
export const handler = api('GET /library/filters', {}, async () => ok(await libraryFilters()));
