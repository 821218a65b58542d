import { api, ok } from '../lib/http';
import { teamAccess, teamPreload } from '../lib/team';
import { listInvites } from '../lib/team-invites';

/** GET /teams/{id}/invites: the team's pending invitations (owners). */
export const handler = api('GET /teams/{id}/invites', { preload: teamPreload }, async ({ preloaded }) =>
  ok({ invites: await listInvites(teamAccess(preloaded, 'owner')) }),
);
