import { ResetPasswordRequest } from '@shared/contract/account';
import { api, noContent } from '../lib/http/http';
import { resetPassword } from '../lib/use-cases/account';

/** POST /auth/password/reset: a new password from an emailed link; every session of the user ends. */
export const handler = api('POST /auth/password/reset', { body: ResetPasswordRequest }, async ({ body }) => {
  await resetPassword(body.token, body.password);
  return noContent();
});
