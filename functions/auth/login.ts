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

/**
 * The caller's address: behind CloudFront, API Gateway sees an edge server, so the address
 * CloudFront itself adds (CloudFront-Viewer-Address, "ip:port") is used; otherwise API Gateway's
 * own view. Never X-Forwarded-For, which any client can write.
 */
function clientAddress(event: { headers: Record<string, string | undefined>; requestContext: { http: { sourceIp: string } } }): string {
  const viewer = event.headers['cloudfront-viewer-address'];
  return viewer ? viewer.replace(/:\d+$/, '') : event.requestContext.http.sourceIp;
}

/** POST /auth/login: OAuth2 password form (username = email) → bearer token. */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body, event }) => {
  const windows: Window[] = [
    { name: 'login-account', subject: normaliseEmail(body.username), limit: ACCOUNT_FAILURES, seconds: 900 },
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
  const { token, expiresIn } = await issueAccessToken(user.id);
  return ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn });
});
