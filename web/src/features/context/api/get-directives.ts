import { queryOptions, useQuery } from '@tanstack/react-query';
import { Directives } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';

/** Every Context Library query lives under this key, so one invalidation refreshes them all. */
export const contextQueryKey = ['context'] as const;

/** GET /context/directives: the global prompt prefix and suffix. */
export function getDirectives({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/context/directives', { schema: Directives, signal });
}

export function directivesQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'directives'],
    queryFn: ({ signal }) => getDirectives({ signal }),
  });
}

export function useDirectives() {
  return useQuery(directivesQueryOptions());
}
