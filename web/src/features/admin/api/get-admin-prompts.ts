import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPromptList } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /admin/prompts: every library prompt with its category, owner (curator) and access tier. */
export function getAdminPrompts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/admin/prompts', { schema: AdminPromptList, signal });
}

export function adminPromptsQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'prompts'],
    queryFn: ({ signal }) => getAdminPrompts({ signal }),
  });
}

export function useAdminPrompts() {
  return useQuery(adminPromptsQueryOptions());
}
