/**
 * The session token lives in localStorage under one product key (docs/product.md).
 * Every read and write goes through here so the key is defined once.
 */
export const ACCESS_TOKEN_KEY = 'construct.access_token';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as logged out.
    return null;
  }
}

export function getAccessToken(): string | null {
  const token = storage()?.getItem(ACCESS_TOKEN_KEY);
  return token ? token : null;
}

export function setAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
}
