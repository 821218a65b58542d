import { queryOptions, useQuery } from '@tanstack/react-query';
import { SnippetList } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { contextQueryKey } from './get-directives';

/** GET /context/snippets: the user's snippets, sorted by name. */
export function getSnippets({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/context/snippets', { schema: SnippetList, signal });
}

export function snippetsQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'snippets'],
    queryFn: ({ signal }) => getSnippets({ signal }),
  });
}

export function useSnippets() {
  return useQuery(snippetsQueryOptions());
}
