import { LoginForm } from '@shared/contract/auth';
import { UnauthorizedError } from '../lib/errors';
import { api, ok } from '../lib/http';
import { verifyAgainstDecoy, verifyPassword } from '../lib/passwords';
import { issueAccessToken } from '../lib/tokens';
import { findUserByEmail } from '../lib/users';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';

/** POST /auth/login: OAuth2 password form (username = email) → bearer token. */
export const handler = api('POST /auth/login', { body: LoginForm, encoding: 'form' }, async ({ body }) => {
  const user = await findUserByEmail(body.username);
  // Same work whether or not the account exists, so timing does not tell which emails are registered.
  const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDecoy(body.password);
  if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
  const { token, expiresIn } = await issueAccessToken(user.id);
  return ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn });
});
