import { api, ok } from '../lib/http/http';
import { acceptInvite } from '../lib/use-cases/team-invites';

/** POST /invites/{token}/accept: the invited address joins the team with the invitation's role. */
export const handler = api('POST /invites/{token}/accept', {}, async ({ user, params }) => ok(await acceptInvite(params.token, user)));
