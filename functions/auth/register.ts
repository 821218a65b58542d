import { RegisterRequest } from '@shared/contract/auth';
import { createUser, toUser } from '../lib/data/users';
import { api, created } from '../lib/http/http';
import { logger, userRef } from '../lib/http/log';
import { hashPassword } from '../lib/services/passwords';
import { sendVerification } from '../lib/use-cases/account';

/**
 * POST /auth/register: a free, non-admin account whose email is unconfirmed until the mailed link
 * is followed. The client logs in right after. A mail that fails does not undo the account: the
 * app's banner offers 'Resend'.
 */
export const handler = api('POST /auth/register', { body: RegisterRequest }, async ({ body }) => {
  const user = await createUser({
    email: body.email,
    password_hash: await hashPassword(body.password),
    first_name: body.first_name,
    last_name: body.last_name,
    is_admin: false,
    access_tier: 'free',
    email_verified: false,
  });
  await sendVerification(user).catch((error: Error) =>
    logger.warn('verification email failed', { user: userRef(user.id), error: error.name, message: error.message }),
  );
  return created(toUser(user));
});
