import { api, noContent } from '../lib/http/http';
import { endAllSessions } from '../lib/use-cases/account';

/** POST /auth/logout-all: sign out everywhere. Every token of the user ends, this one included. */
export const handler = api('POST /auth/logout-all', {}, async ({ user }) => {
  await endAllSessions(user.id);
  return noContent();
});
