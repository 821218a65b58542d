import { FORGOT_PASSWORD_ACCEPTED, ForgotPasswordRequest } from '@shared/contract/account';
import { clientAddress } from '../lib/http/client-address';
import { api, json } from '../lib/http/http';
import { requestPasswordReset } from '../lib/use-cases/account';

/** POST /auth/password/forgot: always the same 202, whether or not the account exists. */
export const handler = api('POST /auth/password/forgot', { body: ForgotPasswordRequest }, async ({ body, event }) => {
  await requestPasswordReset(body.email, await clientAddress(event));
  return json(202, { detail: FORGOT_PASSWORD_ACCEPTED });
});
