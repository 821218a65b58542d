import { api, noContent } from '../lib/http';
import { teamAccess, teamPreload } from '../lib/team';
import { deleteTeam } from '../lib/teams';

/** DELETE /teams/{id}: owners delete the team and everything in and of it. */
export const handler = api('DELETE /teams/{id}', { preload: teamPreload }, async ({ preloaded }) => {
  await deleteTeam(teamAccess(preloaded, 'owner').team);
  return noContent();
});
