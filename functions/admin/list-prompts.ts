import { AdminPromptsQuery } from '@shared/contract/admin';
import { adminPromptsPage } from '../lib/data/library-views';
import { pageHeaders, pageRequest } from '../lib/data/paging';
import { api, ok } from '../lib/http/http';

/** GET /admin/prompts: a page of the library's prompts from their index, by id (an admin screen, never a user's request path). */
export const handler = api('GET /admin/prompts', { query: AdminPromptsQuery }, async ({ query }) => {
  const page = await adminPromptsPage(pageRequest(query));
  return { ...ok(page.items), headers: pageHeaders(page.next_cursor) };
});
