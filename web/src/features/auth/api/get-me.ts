import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How long the session check may take: past it the app offers Retry instead of a blank page. */
export const ME_TIMEOUT_MS = 8_000;

/**
 * GET /auth/me: the signed-in user (needs the stored bearer token). No answer at all (no
 * connection, or none within ME_TIMEOUT_MS) is an ApiError with status 0, so the session can tell
 * it from a refusal (401).
 */
export async function getMe({ signal }: { signal?: AbortSignal } = {}) {
  // The zod contract loads on demand, while the request is in flight: the session provider (first
  // load) imports this module, and a signed-out visit never calls it.
  const contract = import('@shared/contract/auth');
  const timeout = AbortSignal.timeout(ME_TIMEOUT_MS);
  let data: unknown;
  try {
    data = await apiRequest('/auth/me', { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    const message = timeout.aborted ? 'The server did not answer in time.' : 'The network request failed.';
    throw new ApiError({ status: 0, method: 'GET', path: '/auth/me', message });
  }
  const parsed = (await contract).User.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, method: 'GET', path: '/auth/me', message: 'The server sent an unexpected response.' });
  }
  return parsed.data;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
    // No silent retries: a failed check at once offers Retry (session-provider.tsx), never a long blank page.
    retry: false,
  });
}

/** The current user query; the session provider owns it, other code should prefer useSession(). */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
