import { teamAccess, teamPreload } from '../lib/data/team';
import { api, ok } from '../lib/http/http';
import { listInvites } from '../lib/use-cases/team-invites';

/** GET /teams/{id}/invites: the team's pending invitations (owners). */
export const handler = api('GET /teams/{id}/invites', { preload: teamPreload }, async ({ preloaded }) =>
  ok({ invites: await listInvites(teamAccess(preloaded, 'owner')) }),
);
