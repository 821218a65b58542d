import { AdminUsersQuery } from '@shared/contract/admin';
import { pageHeaders, pageRequest } from '../lib/data/paging';
import { api, ok } from '../lib/http/http';
import { listUsers } from '../lib/use-cases/admin-users';

/** GET /admin/users: a page of accounts by email (`limit`, `cursor`, `search`: part of the email); the next page's cursor in a header. */
export const handler = api('GET /admin/users', { query: AdminUsersQuery }, async ({ query }) => {
  const page = await listUsers(pageRequest(query));
  return { ...ok(page.items), headers: pageHeaders(page.next_cursor) };
});
