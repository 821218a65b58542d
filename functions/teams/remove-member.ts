import { teamAccess, teamPreload } from '../lib/data/team';
import { api, noContent } from '../lib/http/http';
import { removeMember } from '../lib/use-cases/teams';

/** DELETE /teams/{id}/members/{user_id}: owners remove a member; any member removes themselves (leaves). */
export const handler = api('DELETE /teams/{id}/members/{user_id}', { preload: teamPreload }, async ({ params, preloaded }) => {
  await removeMember(teamAccess(preloaded, 'read'), params.user_id);
  return noContent();
});
