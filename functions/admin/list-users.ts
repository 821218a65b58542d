import { listUsers } from '../lib/admin-users';
import { api, ok } from '../lib/http';

/** GET /admin/users: every account, by email. */
export const handler = api('GET /admin/users', {}, async () => ok(await listUsers()));
