import { UpdateAccountRequest } from '@shared/contract/account';
import { setName } from '../lib/data/users';
import { api, ok } from '../lib/http/http';
import { accountView } from '../lib/use-cases/account-data';

/** PUT /account: first and last name. */
export const handler = api('PUT /account', { body: UpdateAccountRequest }, async ({ body, user }) =>
  ok(await accountView(await setName(user.id, body.first_name, body.last_name))),
);
