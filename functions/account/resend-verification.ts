import { api, json } from '../lib/http/http';
import { MAIL_SENT, resendVerification } from '../lib/use-cases/account';

/** POST /account/email/verification: the confirmation link of a new account, again. */
export const handler = api('POST /account/email/verification', {}, async ({ user }) => {
  await resendVerification(user);
  return json(202, { detail: MAIL_SENT });
});
