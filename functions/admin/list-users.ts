import { AdminUsersQuery } from '@shared/contract/admin';
import { listUsers } from '../lib/admin-users';
import { api, ok } from '../lib/http';
import { pageHeaders, pageRequest } from '../lib/paging';

/** GET /admin/users: a page of accounts by email (`limit`, `cursor`, `search`: part of the email); the next page's cursor in a header. */
export const handler = api('GET /admin/users', { query: AdminUsersQuery }, async ({ query }) => {
  const page = await listUsers(pageRequest(query));
  return { ...ok(page.items), headers: pageHeaders(page.next_cursor) };
});
