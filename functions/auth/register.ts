import { RegisterRequest } from '@shared/contract/auth';
import { api, created } from '../lib/http';
import { hashPassword } from '../lib/passwords';
import { createUser, toUser } from '../lib/users';

/** POST /auth/register: a free, non-admin account. The client logs in right after. */
export const handler = api('POST /auth/register', { body: RegisterRequest }, async ({ body }) => {
  const user = await createUser({
    email: body.email,
    password_hash: await hashPassword(body.password),
    first_name: body.first_name,
    last_name: body.last_name,
    is_admin: false,
    access_tier: 'free',
  });
  return created(toUser(user));
});
