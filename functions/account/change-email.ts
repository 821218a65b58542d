import { ChangeEmailRequest } from '@shared/contract/account';
import { clientAddress } from '../lib/http/client-address';
import { api, json } from '../lib/http/http';
import { MAIL_SENT, requestEmailChange } from '../lib/use-cases/account';

/** POST /account/email: a confirmation link goes to the new address; the email changes when it is followed. */
export const handler = api('POST /account/email', { body: ChangeEmailRequest }, async ({ body, user, event }) => {
  await requestEmailChange({ user, newEmail: body.new_email, password: body.password, address: await clientAddress(event) });
  return json(202, { detail: MAIL_SENT });
});
