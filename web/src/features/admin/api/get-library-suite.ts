import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibrarySuite } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/prompts/{id}/suite: a library prompt's checks and examples, for the edit dialog's Test suite tab. */
export function getLibrarySuite(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/admin/prompts/${encodeURIComponent(id)}/suite`, { schema: LibrarySuite, signal });
}

export function useLibrarySuite(id: string) {
  // The edit starts from what is stored now.
  return useQuery(
    queryOptions({ queryKey: queryKeys.admin.promptSuite(id), queryFn: ({ signal }) => getLibrarySuite(id, { signal }), staleTime: 0, gcTime: 0 }),
  );
}
