import { api, ok } from '../lib/http/http';
import { accountView } from '../lib/use-cases/account-data';

/** GET /account: the profile with plan usage. */
export const handler = api('GET /account', {}, async ({ user }) => ok(await accountView(user)));
