import { queryOptions, useQuery } from '@tanstack/react-query';
import { SharedPrompt } from '@shared/contract/registry';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /shared/{token}: a shared prompt, for anyone with the link (no sign-in needed). */
export function getSharedPrompt(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/shared/${encodeURIComponent(token)}`, { schema: SharedPrompt, auth: false, signal });
}

export function sharedPromptQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.shared(token),
    queryFn: ({ signal }) => getSharedPrompt(token, { signal }),
    // A link that names nothing stays not found: no retries.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useSharedPrompt(token: string) {
  return useQuery(sharedPromptQueryOptions(token));
}
