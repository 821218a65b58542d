/**
 * The root query keys more than one feature reads or invalidates (features never import each
 * other). Each feature derives its keys from these (`[...libraryQueryKey, 'prompt', id]`), so one
 * invalidation of a root reloads everything under it.
 */
export const libraryQueryKey = ['library'] as const;
/** Every admin query lives under this key, so one invalidation reloads the whole control center. */
export const adminQueryKey = ['admin'] as const;
/** The signed-in user (GET /auth/me): the session reads it; an account or role change refreshes it. */
export const meQueryKey = ['auth', 'me'] as const;
