import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromptList } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

/** GET /prompts/: the user's prompts (newest first) and the tasks/industries they use. */
export function getPrompts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/prompts/', { schema: PromptList, signal });
}

export function promptsQueryOptions() {
  return queryOptions({
    queryKey: [...promptsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getPrompts({ signal }),
  });
}

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
