import { TeamInput } from '@shared/contract/teams';
import { api, created } from '../lib/http/http';
import { createTeam } from '../lib/use-cases/teams';

/** POST /teams: a new team with the caller as its owner (Pro and Elite; max_teams). */
export const handler = api('POST /teams', { body: TeamInput }, async ({ user, body }) => created(await createTeam(user, body.name)));
