import { endAllSessions } from '../lib/data/users';
import { api, noContent } from '../lib/http/http';

/** POST /auth/logout-all: sign out everywhere. Every token of the user ends, this one included. */
export const handler = api('POST /auth/logout-all', {}, async ({ user }) => {
  await endAllSessions(user.id);
  return noContent();
});
