import { teamAccess, teamPreload } from '../lib/data/team';
import { api, ok } from '../lib/http/http';
import { listMembers } from '../lib/use-cases/teams';

/** GET /teams/{id}/members: the team's members with their current email and name (any member). */
export const handler = api('GET /teams/{id}/members', { preload: teamPreload }, async ({ preloaded }) =>
  ok({ members: await listMembers(teamAccess(preloaded, 'read')) }),
);
