import { queryOptions, useQuery } from '@tanstack/react-query';
import { User } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/me: the signed-in user (needs the stored bearer token). */
export function getMe({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/auth/me', { schema: User, signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** The current user query; the session provider owns it, other code should prefer useSession(). */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
