import { RoleInput } from '@shared/contract/teams';
import { teamAccess, teamPreload } from '../lib/data/team';
import { api, ok } from '../lib/http/http';
import { changeRole } from '../lib/use-cases/teams';

/** PUT /teams/{id}/members/{user_id}: owners change a member's role (a team always keeps an owner). */
export const handler = api('PUT /teams/{id}/members/{user_id}', { body: RoleInput, preload: teamPreload }, async ({ body, params, preloaded }) =>
  ok(await changeRole(teamAccess(preloaded, 'owner'), params.user_id, body.role)),
);
