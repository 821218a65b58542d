import { LibraryQuery } from '@shared/contract/library';
import { api, ok } from '../lib/http';
import { libraryPreload, libraryViews, preloadedLibrary, queryLibrary } from '../lib/library';
import { parseWith } from '../lib/validation';

/**
 * GET /library/prompts: without parameters the whole list (the spec's call); with search,
 * category, tasks, industries, page or page_size a filtered page with totals. Prompts above the
 * caller's tier are locked teasers. One round trip: the library's version is read with the user.
 */
export const handler = api('GET /library/prompts', { preload: libraryPreload }, async ({ user, event, preloaded }) => {
  const library = await preloadedLibrary(preloaded.library);
  if (!event.queryStringParameters || !Object.keys(event.queryStringParameters).length) {
    return ok(libraryViews(library, user.access_tier));
  }
  const query = parseWith(LibraryQuery, event.queryStringParameters);
  return ok(queryLibrary(library, user.access_tier, query));
});
