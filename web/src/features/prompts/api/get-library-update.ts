import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryUpdate } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

/** GET /prompts/{id}/library-update: a fork's content next to its library original's. */
export function getLibraryUpdate(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/library-update`, { schema: LibraryUpdate, signal });
}

export function libraryUpdateQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...promptsQueryKey, 'library-update', id] as const,
    queryFn: ({ signal }) => getLibraryUpdate(id, { signal }),
  });
}

export function useLibraryUpdate(id: string) {
  return useQuery(libraryUpdateQueryOptions(id));
}
