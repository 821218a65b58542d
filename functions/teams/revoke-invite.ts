import { teamAccess, teamPreload } from '../lib/data/team';
import { api, noContent } from '../lib/http/http';
import { revokeInvite } from '../lib/use-cases/team-invites';

/** DELETE /teams/{id}/invites/{invite_id}: owners withdraw an invitation; its link stops working. */
export const handler = api('DELETE /teams/{id}/invites/{invite_id}', { preload: teamPreload }, async ({ params, preloaded }) => {
  await revokeInvite(teamAccess(preloaded, 'owner'), params.invite_id);
  return noContent();
});
