import { api, ok } from '../lib/http/http';
import { libraryFilters } from '../lib/services/library-snapshot/read';
import { libraryCaching } from '../lib/use-cases/tier-proof';

/** GET /library/filters: category names, tasks and industries across the library (from the snapshot's manifest). */
export const handler = api('GET /library/filters', {}, async ({ user, event }) => ({
  ...ok(await libraryFilters()),
  // The same for every caller: cacheable per tier at the edge like the pages (tier-proof.ts).
  ...(await libraryCaching(event.headers, user.access_tier)),
}));
