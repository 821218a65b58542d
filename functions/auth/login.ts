import { LoginForm } from '@shared/contract/auth';
import { TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { api, ok } from '../lib/http';
import { verifyAgainstDecoy, verifyPassword } from '../lib/passwords';
import { type Window, anyExhausted, clientAddress, record, signInAccountWindow } from '../lib/rate-limits';
import { issueAccessToken } from '../lib/tokens';
import { findUserByEmail, sessionVersionOf } from '../lib/users';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Failed sign-ins allowed per 15 minutes per source address (per account: signInAccountWindow). */
const ADDRESS_FAILURES = 50;

/** POST /auth/login: OAuth2 password form (username = email) → bearer token. */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body, event }) => {
  const windows: Window[] = [
    signInAccountWindow(body.username),
    { name: 'login-address', subject: clientAddress(event), limit: ADDRESS_FAILURES, seconds: 900 },
  ];
  const [blocked, user] = await Promise.all([anyExhausted(windows), findUserByEmail(body.username)]);
  if (blocked) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS);
  // Same work whether or not the account exists, so timing does not tell which emails are registered.
  const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDecoy(body.password);
  if (!user || !valid) {
    await record(windows);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  const { token, expiresIn } = await issueAccessToken(user.id, sessionVersionOf(user));
  return ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn });
});
