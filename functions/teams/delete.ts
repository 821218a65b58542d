import { teamAccess, teamPreload } from '../lib/data/team';
import { api, noContent } from '../lib/http/http';
import { deleteTeam } from '../lib/use-cases/teams';

/** DELETE /teams/{id}: owners delete the team and everything in and of it. */
export const handler = api('DELETE /teams/{id}', { preload: teamPreload }, async ({ preloaded }) => {
  await deleteTeam(teamAccess(preloaded, 'owner').team);
  return noContent();
});
