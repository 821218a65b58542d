import { LogoutAllRequest } from '@shared/contract/account';
import { api, noContent } from '../lib/http/http';
import { signOutEverywhere } from '../lib/use-cases/account';

/** POST /auth/logout-all: sign out everywhere. Every token of the user ends, this one included, and every API key unless the body says not to. */
export const handler = api('POST /auth/logout-all', { body: LogoutAllRequest, optionalBody: true }, async ({ user, body }) => {
  await signOutEverywhere(user, body.revoke_api_keys);
  return noContent();
});
