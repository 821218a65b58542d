import { LIBRARY_PROMPT_NOT_FOUND } from '../lib/data/library';
import { NotFoundError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { libraryView } from '../lib/services/library-snapshot/read';
import { libraryCaching } from '../lib/use-cases/tier-proof';

/**
 * GET /library/prompts/{id}: one library prompt (its detail page). Above the caller's tier it is
 * the locked teaser: read from the tier's own snapshot files, which never hold the full text.
 */
export const handler = api('GET /library/prompts/{id}', {}, async ({ user, params, event }) => {
  const view = await libraryView(user.access_tier, params.id);
  if (!view) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  // The answer holds nothing of the caller but their tier: cacheable per tier at the edge like the pages (tier-proof.ts).
  return { ...ok(view), ...(await libraryCaching(event.headers, user.access_tier)) };
});
