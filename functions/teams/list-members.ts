import { api, ok } from '../lib/http';
import { listMembers, memberAccess, teamPreload } from '../lib/teams';

/** GET /teams/{id}/members: the team's members with their current email and name (any member). */
export const handler = api('GET /teams/{id}/members', { preload: teamPreload }, async ({ preloaded }) =>
  ok({ members: await listMembers(memberAccess(preloaded)) }),
);
