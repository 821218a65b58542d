import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryPromptText } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/prompts/{id}: a library prompt's full text, for the edit dialog. */
export function getLibraryPromptText(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/admin/prompts/${encodeURIComponent(id)}`, { schema: LibraryPromptText, signal });
}

export function libraryPromptTextQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.promptText(id),
    queryFn: ({ signal }) => getLibraryPromptText(id, { signal }),
    // The edit starts from what is stored now.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useLibraryPromptText(id: string) {
  return useQuery(libraryPromptTextQueryOptions(id));
}
