import { api, noContent } from '../lib/http';
import { teamAccess, teamPreload } from '../lib/team';
import { removeMember } from '../lib/teams';

/** DELETE /teams/{id}/members/{user_id}: owners remove a member; any member removes themselves (leaves). */
export const handler = api('DELETE /teams/{id}/members/{user_id}', { preload: teamPreload }, async ({ params, preloaded }) => {
  await removeMember(teamAccess(preloaded, 'read'), params.user_id);
  return noContent();
});
