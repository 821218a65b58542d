import { api, noContent } from '../lib/http/http';
import { deleteUser } from '../lib/use-cases/admin-users';

/** DELETE /admin/users/{id}: the account and its whole workspace; the email becomes free. */
export const handler = api('DELETE /admin/users/{id}', {}, async ({ user, params }) => {
  await deleteUser(user, params.id);
  return noContent();
});
