import { InviteInput } from '@shared/contract/teams';
import { api, created } from '../lib/http';
import { createInvite } from '../lib/team-invites';
import { ownerAccess, teamPreload } from '../lib/teams';

/** POST /teams/{id}/invites: owners invite someone by email as editor or viewer; the link is mailed. */
export const handler = api('POST /teams/{id}/invites', { body: InviteInput, preload: teamPreload }, async ({ user, body, preloaded }) =>
  created(await createInvite(ownerAccess(preloaded), user, body)),
);
