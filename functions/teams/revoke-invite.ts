import { api, noContent } from '../lib/http';
import { revokeInvite } from '../lib/team-invites';
import { ownerAccess, teamPreload } from '../lib/teams';

/** DELETE /teams/{id}/invites/{invite_id}: owners withdraw an invitation; its link stops working. */
export const handler = api('DELETE /teams/{id}/invites/{invite_id}', { preload: teamPreload }, async ({ params, preloaded }) => {
  await revokeInvite(ownerAccess(preloaded), params.invite_id);
  return noContent();
});
