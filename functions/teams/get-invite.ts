import { api, ok } from '../lib/http/http';
import { readInvite } from '../lib/use-cases/team-invites';

/** GET /invites/{token}: the invitation behind a mailed link, for the accept page (signed in). */
export const handler = api('GET /invites/{token}', {}, async ({ user, params }) => ok(await readInvite(params.token, user)));
