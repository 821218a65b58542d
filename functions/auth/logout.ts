import { revokeToken } from '../lib/data/users';
import { api, noContent } from '../lib/http/http';
import { clearedTierCookie } from '../lib/use-cases/tier-proof';

/**
 * POST /auth/logout: revokes the token it was called with (other devices stay signed in). The
 * revocation lives until the token would have expired anyway, then TTL removes it.
 */
export const handler = api('POST /auth/logout', {}, async ({ session }) => {
  await revokeToken(session.tokenId, session.expiresAt);
  return { ...noContent(), cookies: [clearedTierCookie] };
});
