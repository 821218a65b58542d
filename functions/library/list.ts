import { LibraryQuery } from '@shared/contract/library';
import { api, ok } from '../lib/http';
import { loadLibrary, queryLibrary, viewFor } from '../lib/library';
import { parseWith } from '../lib/validation';

/**
 * GET /library/prompts: without parameters the whole list (the spec's call); with search,
 * category, tasks, industries, page or page_size a filtered page with totals. Prompts above the
 * caller's tier are locked teasers.
 */
export const handler = api('GET /library/prompts', {}, async ({ user, event }) => {
  const library = await loadLibrary();
  if (!event.queryStringParameters || !Object.keys(event.queryStringParameters).length) {
    return ok(library.prompts.map((p) => viewFor(p, user.access_tier, library)));
  }
  const query = parseWith(LibraryQuery, event.queryStringParameters);
  return ok(queryLibrary(library, user.access_tier, query));
});
