import { api, ok } from '../lib/http/http';
import { listTeams } from '../lib/use-cases/teams';

/** GET /teams: the caller's teams with their role in each. */
export const handler = api('GET /teams', {}, async ({ user }) => ok({ teams: await listTeams(user.id) }));
