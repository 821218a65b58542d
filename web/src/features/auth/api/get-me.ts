import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** GET /auth/me: the signed-in user (needs the stored bearer token). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}) {
  // The zod contract loads on demand, while the request is in flight: the session provider (first
  // load) imports this module, and a signed-out visit never calls it.
  const contract = import('@shared/contract/auth');
  const data = await apiRequest('/auth/me', { signal });
  const parsed = (await contract).User.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, method: 'GET', path: '/auth/me', message: 'The server sent an unexpected response.' });
  }
  return parsed.data;
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
