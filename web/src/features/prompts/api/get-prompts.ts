import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromptList } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';

/** GET /prompts/: the user's prompts (newest first) and the tasks/industries they use. */
export function getPrompts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/prompts/', { schema: PromptList, signal });
}

/** Prefix of every prompt query; invalidate it after any change to the user's prompts. */
export const promptsQueryKey = ['prompts'] as const;

export function promptsQueryOptions() {
  return queryOptions({
    queryKey: [...promptsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getPrompts({ signal }),
  });
}

export function usePrompts() {
  return useQuery(promptsQueryOptions());
}
