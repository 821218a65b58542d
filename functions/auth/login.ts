import { LoginForm } from '@shared/contract/auth';
import { TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { api, ok } from '../lib/http';
import { normaliseEmail } from '../lib/keys';
import { verifyAgainstDecoy, verifyPassword } from '../lib/passwords';
import { type Window, anyExhausted, record } from '../lib/rate-limits';
import { issueAccessToken } from '../lib/tokens';
import { findUserByEmail } from '../lib/users';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Failed sign-ins allowed per 15 minutes, per account and per source address. */
const ACCOUNT_FAILURES = 10;
const ADDRESS_FAILURES = 50;

/** POST /auth/login: OAuth2 password form (username = email) → bearer token. */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body, event }) => {
  const windows: Window[] = [
    { name: 'login-account', subject: normaliseEmail(body.username), limit: ACCOUNT_FAILURES, seconds: 900 },
    // API Gateway's view of the caller, not a header the client could set.
    { name: 'login-address', subject: event.requestContext.http.sourceIp, limit: ADDRESS_FAILURES, seconds: 900 },
  ];
  const [blocked, user] = await Promise.all([anyExhausted(windows), findUserByEmail(body.username)]);
  if (blocked) throw new TooManyRequestsError(TOO_MANY_ATTEMPTS);
  // Same work whether or not the account exists, so timing does not tell which emails are registered.
  const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDecoy(body.password);
  if (!user || !valid) {
    await record(windows);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  const { token, expiresIn } = await issueAccessToken(user.id, user.session_version ?? 0);
  return ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn });
});
