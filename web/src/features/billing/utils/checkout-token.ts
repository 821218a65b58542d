import { getAccessToken } from '@/lib/auth-token';

/**
 * Keys the checkout also accepts a token under (docs/product.md: "read from access_token or
 * token"). The product key comes first; these are fallbacks only.
 */
const FALLBACK_TOKEN_KEYS = ['access_token', 'token'] as const;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key) || null;
  } catch {
    // Blocked storage: treated as signed out.
    return null;
  }
}

/** The bearer token for billing calls: the session's token, else a fallback key, else null. */
export function readCheckoutToken(): string | null {
  const token = getAccessToken();
  if (token) return token;
  for (const key of FALLBACK_TOKEN_KEYS) {
    const fallback = readStorage(key);
    if (fallback) return fallback;
  }
  return null;
}
