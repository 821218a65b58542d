import { DeleteAccountRequest } from '@shared/contract/account';
import { api, noContent } from '../lib/http/http';
import { checkPassword } from '../lib/use-cases/account';
import { deleteUserData } from '../lib/use-cases/account-data';

/** DELETE /account: the password, then every item of the user goes (the last admin is refused with 409). */
export const handler = api('DELETE /account', { body: DeleteAccountRequest }, async ({ body, user }) => {
  await checkPassword({ user, password: body.password, wrong: 'Your password is incorrect.' });
  await deleteUserData({ userId: user.id, known: user });
  return noContent();
});
