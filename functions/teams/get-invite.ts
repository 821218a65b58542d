import { api, ok } from '../lib/http';
import { readInvite } from '../lib/team-invites';

/** GET /invites/{token}: the invitation behind a mailed link, for the accept page (signed in). */
export const handler = api('GET /invites/{token}', {}, async ({ user, params }) => ok(await readInvite(params.token, user)));
