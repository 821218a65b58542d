import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryPrompt } from '@shared/contract/library';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /library/prompts/{id}: one library prompt (only its teaser above the user's plan); 404 when unknown. */
export function getLibraryPrompt(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/library/prompts/${encodeURIComponent(id)}`, { schema: LibraryPrompt, signal });
}

export function libraryPromptQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.library.prompt(id),
    queryFn: ({ signal }) => getLibraryPrompt(id, { signal }),
    // A 404 is an answer (the not-found state), not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useLibraryPrompt(id: string) {
  return useQuery(libraryPromptQueryOptions(id));
}
