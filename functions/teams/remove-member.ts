import { api, noContent } from '../lib/http';
import { memberAccess, removeMember, teamPreload } from '../lib/teams';

/** DELETE /teams/{id}/members/{user_id}: owners remove a member; any member removes themselves (leaves). */
export const handler = api('DELETE /teams/{id}/members/{user_id}', { preload: teamPreload }, async ({ params, preloaded }) => {
  await removeMember(memberAccess(preloaded), params.user_id);
  return noContent();
});
