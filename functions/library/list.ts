import { LibraryQuery } from '@shared/contract/library';
import { api, ok } from '../lib/http/http';
import { queryLibrary } from '../lib/services/library-snapshot/read';
import { libraryCaching } from '../lib/use-cases/tier-proof';

/**
 * GET /library/prompts: a page with totals (search, category, tasks, industries, page, page_size
 * all optional; none answers the first page, so no answer grows with the library). Prompts above
 * the caller's tier are locked teasers. One round trip (the user): pages come from the library
 * snapshot, never from the table. Cached per tier at the edge (tier-proof.ts).
 */
export const handler = api('GET /library/prompts', { query: LibraryQuery }, async ({ user, query, event }) => ({
  ...ok(await queryLibrary(user.access_tier, query)),
  // The page holds nothing of the caller but their tier: cacheable per tier at the edge (tier-proof.ts).
  ...(await libraryCaching(event.headers, user.access_tier)),
}));
