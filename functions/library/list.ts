import { LibraryQuery } from '@shared/contract/library';
import { api, ok } from '../lib/http';
import { queryLibrary } from '../lib/library-snapshot';
import { parseWith } from '../lib/validation';

/**
 * GET /library/prompts: a page with totals (search, category, tasks, industries, page, page_size
 * all optional; none answers the first page, so no answer grows with the library). Prompts above
 * the caller's tier are locked teasers. One round trip (the user): pages come from the library
 * snapshot, never from the table.
 */
export const handler = api('GET /library/prompts', {}, async ({ user, event }) =>
  ok(await queryLibrary(user.access_tier, parseWith(LibraryQuery, event.queryStringParameters ?? {}))),
);
