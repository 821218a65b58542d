import { toUser } from '../lib/data/users';
import { api, ok } from '../lib/http/http';

/** GET /auth/me: the signed-in user (the middleware has already loaded it). */
export const handler = api('GET /auth/me', {}, async ({ user }) => ok(toUser(user)));
