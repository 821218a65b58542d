import { api, ok } from '../lib/http';
import { listInvites } from '../lib/team-invites';
import { ownerAccess, teamPreload } from '../lib/teams';

/** GET /teams/{id}/invites: the team's pending invitations (owners). */
export const handler = api('GET /teams/{id}/invites', { preload: teamPreload }, async ({ preloaded }) =>
  ok({ invites: await listInvites(ownerAccess(preloaded)) }),
);
