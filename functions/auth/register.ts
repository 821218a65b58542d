import { randomUUID } from 'node:crypto';
import { RegisterRequest } from '@shared/contract/auth';
import { createUser, EMAIL_TAKEN, toUser } from '../lib/data/users';
import { ConflictError } from '../lib/http/errors';
import { api, created } from '../lib/http/http';
import { logger, userRef } from '../lib/http/log';
import { hashPassword } from '../lib/services/passwords';
import { noticeExistingAccount, sendVerification } from '../lib/use-cases/account';

/**
 * POST /auth/register: a free, non-admin account whose email is unconfirmed until the mailed link
 * is followed. The client logs in right after. A mail that fails does not undo the account: the
 * app's banner offers 'Resend'.
 *
 * An address that already has an account is answered as a new one (201, the same shape, after the
 * same password hashing and one mail), and its owner is mailed instead: the answer never tells who
 * is registered. Nothing of the existing account changes.
 */
export const handler = api('POST /auth/register', { body: RegisterRequest }, async ({ body }) => {
  const password_hash = await hashPassword(body.password);
  const fields = { email: body.email, first_name: body.first_name, last_name: body.last_name, is_admin: false, access_tier: 'free' as const };
  const user = await createUser({ ...fields, password_hash, email_verified: false }).catch((error: unknown) => {
    if (error instanceof ConflictError && error.detail === EMAIL_TAKEN) return null;
    throw error;
  });
  if (!user) {
    await noticeExistingAccount(body.email).catch((error: Error) =>
      logger.warn('existing-account notice failed', { error: error.name, message: error.message }),
    );
    return created({ id: randomUUID(), ...fields, email: body.email.trim() });
  }
  await sendVerification(user).catch((error: Error) =>
    logger.warn('verification email failed', { user: userRef(user.id), error: error.name, message: error.message }),
  );
  return created(toUser(user));
});
