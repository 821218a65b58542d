import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/logout: ends the token on the server too, so a copied token stops working. The
 * stored token is read before the first await, so the caller may clear it right after.
 */
export async function logout(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST' });
}
