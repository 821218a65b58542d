import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryFilters } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /library/filters: every library category name, task and industry (for the sidebar chips). */
export function getLibraryFilters({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/library/filters', { schema: LibraryFilters, signal });
}

export function libraryFiltersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.library.filters,
    queryFn: ({ signal }) => getLibraryFilters({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLibraryFilters() {
  return useQuery(libraryFiltersQueryOptions());
}
