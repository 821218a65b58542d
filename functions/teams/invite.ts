import { InviteInput } from '@shared/contract/teams';
import { teamAccess, teamPreload } from '../lib/data/team';
import { api, created } from '../lib/http/http';
import { createInvite } from '../lib/use-cases/team-invites';

/** POST /teams/{id}/invites: owners invite someone by email as editor or viewer; the link is mailed. */
export const handler = api('POST /teams/{id}/invites', { body: InviteInput, preload: teamPreload }, async ({ user, body, preloaded }) =>
  created(await createInvite(teamAccess(preloaded, 'owner'), user, body)),
);
