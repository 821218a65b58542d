import { AdminPromptsQuery } from '@shared/contract/admin';
import { api, ok } from '../lib/http';
import { adminPromptsPage } from '../lib/library';
import { pageHeaders, pageRequest } from '../lib/paging';

/** GET /admin/prompts: a page of the library's prompts from their index, by id (an admin screen, never a user's request path). */
export const handler = api('GET /admin/prompts', { query: AdminPromptsQuery }, async ({ query }) => {
  const page = await adminPromptsPage(pageRequest(query));
  return { ...ok(page.items), headers: pageHeaders(page.next_cursor) };
});
