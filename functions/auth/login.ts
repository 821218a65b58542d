import { LoginForm } from '@shared/contract/auth';
import { normaliseEmail } from '../lib/data/keys';
import { claimSignInAttempt, clearSignInFailures, consume, refund, tooManySignIns, type Window } from '../lib/data/rate-limits';
import { findUserByEmail, sessionVersionOf } from '../lib/data/users';
import { clientAddress } from '../lib/http/client-address';
import { TooManyRequestsError, UnauthorizedError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { issueAccessToken } from '../lib/http/tokens';
import { verifyAgainstDecoy, verifyPassword } from '../lib/services/passwords';
import { tierCookie, tierProof } from '../lib/use-cases/tier-proof';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';

/** Failed sign-ins allowed per 15 minutes per source address. */
const ADDRESS_FAILURES = 50;
const ADDRESS_WINDOW_MS = 15 * 60_000;

/** Takes one of the address's failures before the password is checked (as the run quota does), so a burst never gets more checked. */
async function takeAddressSlot(window: Window, at: number): Promise<void> {
  try {
    await consume(window, 'address', at);
  } catch (error) {
    throw error instanceof TooManyRequestsError ? tooManySignIns(ADDRESS_WINDOW_MS) : error;
  }
}

/**
 * POST /auth/login: OAuth2 password form (username = email) → bearer token. Every attempt takes one
 * of its address's 50 failures per 15 minutes and is counted on the account (lib/data/rate-limits.ts,
 * growing waits) before its password is checked; a success gives the address's back and clears
 * the account's, and so does an attempt the account's wait refused unchecked.
 */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body, event }) => {
  const email = normaliseEmail(body.username);
  const from = await clientAddress(event);
  const window: Window = { name: 'login-address', subject: from, limit: ADDRESS_FAILURES, seconds: ADDRESS_WINDOW_MS / 1000 };
  const takenAt = Date.now();
  const [user] = await Promise.all([findUserByEmail(body.username), takeAddressSlot(window, takenAt)]);
  try {
    await claimSignInAttempt(email, from);
  } catch (error) {
    await refund(window, takenAt);
    throw error;
  }
  // Same work whether or not the account exists, so timing does not tell which emails are registered.
  const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDecoy(body.password);
  if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
  await Promise.all([clearSignInFailures(email, from), refund(window, takenAt)]);
  const { token, expiresIn } = await issueAccessToken(user.id, sessionVersionOf(user));
  // The library's tier proof (tier-proof.ts): lets CloudFront serve library pages cached per tier.
  return { ...ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn }), cookies: [tierCookie(await tierProof(user.access_tier))] };
});
