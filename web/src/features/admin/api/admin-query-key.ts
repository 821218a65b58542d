/** Every admin query lives under this key, so one invalidation reloads the whole control center. */
export const adminQueryKey = ['admin'] as const;
