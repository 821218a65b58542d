import { LoginForm } from '@shared/contract/auth';
import { normaliseEmail } from '../lib/data/keys';
import { anyExhausted, claimSignInAttempt, clearSignInFailures, record, tooManySignIns, type Window } from '../lib/data/rate-limits';
import { findUserByEmail, sessionVersionOf } from '../lib/data/users';
import { clientAddress } from '../lib/http/client-address';
import { UnauthorizedError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { issueAccessToken } from '../lib/http/tokens';
import { verifyAgainstDecoy, verifyPassword } from '../lib/services/passwords';
import { tierCookie, tierProof } from '../lib/use-cases/tier-proof';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';

/** Failed sign-ins allowed per 15 minutes per source address. */
const ADDRESS_FAILURES = 50;

/**
 * POST /auth/login: OAuth2 password form (username = email) → bearer token. Every attempt on an
 * account is counted before its password is checked (lib/data/rate-limits.ts, growing waits; a success
 * clears it); failures per source address are counted in a 15-minute window.
 */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body, event }) => {
  const email = normaliseEmail(body.username);
  const address: Window = { name: 'login-address', subject: await clientAddress(event), limit: ADDRESS_FAILURES, seconds: 900 };
  const [user, addressBlocked] = await Promise.all([findUserByEmail(body.username), anyExhausted([address])]);
  if (addressBlocked) throw tooManySignIns(15 * 60_000);
  await claimSignInAttempt(email);
  // Same work whether or not the account exists, so timing does not tell which emails are registered.
  const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDecoy(body.password);
  if (!user || !valid) {
    await record([address]);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await clearSignInFailures(email);
  const { token, expiresIn } = await issueAccessToken(user.id, sessionVersionOf(user));
  // The library's tier proof (tier-proof.ts): lets CloudFront serve library pages cached per tier.
  return { ...ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn }), cookies: [tierCookie(await tierProof(user.access_tier))] };
});
