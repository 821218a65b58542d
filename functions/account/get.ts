import { accountView } from '../lib/account-data';
import { api, ok } from '../lib/http';

/** GET /account: the profile with plan usage. */
export const handler = api('GET /account', {}, async ({ user }) => ok(await accountView(user)));
