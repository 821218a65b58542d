import { MAIL_SENT, resendVerification } from '../lib/account';
import { api, json } from '../lib/http';

/** POST /account/email/verification: the confirmation link of a new account, again. */
export const handler = api('POST /account/email/verification', {}, async ({ user }) => {
  await resendVerification(user);
  return json(202, { detail: MAIL_SENT });
});
