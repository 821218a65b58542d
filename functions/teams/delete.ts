import { api, noContent } from '../lib/http';
import { deleteTeam, ownerAccess, teamPreload } from '../lib/teams';

/** DELETE /teams/{id}: owners delete the team and everything in and of it. */
export const handler = api('DELETE /teams/{id}', { preload: teamPreload }, async ({ preloaded }) => {
  await deleteTeam(ownerAccess(preloaded).team);
  return noContent();
});
