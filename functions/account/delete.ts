import { DeleteAccountRequest } from '@shared/contract/account';
import { clientAddress } from '../lib/http/client-address';
import { api, noContent } from '../lib/http/http';
import { checkPassword } from '../lib/use-cases/account';
import { deleteUserData } from '../lib/use-cases/account-data';

/** DELETE /account: the password, then every item of the user goes (the last admin is refused with 409). */
export const handler = api('DELETE /account', { body: DeleteAccountRequest }, async ({ body, user, event }) => {
  await checkPassword({ user, password: body.password, address: await clientAddress(event), wrong: 'Your password is incorrect.' });
  await deleteUserData({ userId: user.id, known: user });
  return noContent();
});
