import { TeamInput } from '@shared/contract/teams';
import { teamAccess, teamPreload } from '../lib/data/team';
import { api, ok } from '../lib/http/http';
import { renameTeam } from '../lib/use-cases/teams';

/** PUT /teams/{id}: owners rename the team (the team and the caller's member item come with the user). */
export const handler = api('PUT /teams/{id}', { body: TeamInput, preload: teamPreload }, async ({ body, preloaded }) =>
  ok(await renameTeam(teamAccess(preloaded, 'owner'), body.name)),
);
