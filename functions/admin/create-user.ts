import { AdminUserCreate } from '@shared/contract/admin';
import { createUser, toUser } from '../lib/data/users';
import { api, created } from '../lib/http/http';
import { hashPassword } from '../lib/services/passwords';

/** POST /admin/users: an account with the chosen tier and role (names default to 'Admin' 'Created'). */
export const handler = api('POST /admin/users', { body: AdminUserCreate }, async ({ body }) => {
  const { password, ...fields } = body;
  const user = await createUser({ ...fields, password_hash: await hashPassword(password) });
  return created(toUser(user));
});
