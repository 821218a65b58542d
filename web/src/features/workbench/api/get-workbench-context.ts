import { queryOptions, useQuery } from '@tanstack/react-query';
import { Directives, ProfileValues, SnippetList } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';

/**
 * The context the workbench fills prompts from (DESIGN.md 5.4): the global directives, the
 * snippets (SNIPPET variables, by name) and the stored profile values (PROFILE variables).
 * Its key sits under ['context'], so any Context Library change refreshes it too.
 */
export async function getWorkbenchContext({ signal }: { signal?: AbortSignal } = {}) {
  const [directives, snippets, profile] = await Promise.all([
    apiRequest('/context/directives', { schema: Directives, signal }),
    apiRequest('/context/snippets', { schema: SnippetList, signal }),
    apiRequest('/context/profile', { schema: ProfileValues, signal }),
  ]);
  return { directives, snippets, profile: profile.values };
}

export type WorkbenchContext = Awaited<ReturnType<typeof getWorkbenchContext>>;

export const contextQueryKey = ['context'] as const;

export function workbenchContextQueryOptions() {
  return queryOptions({
    queryKey: [...contextQueryKey, 'workbench'],
    queryFn: ({ signal }) => getWorkbenchContext({ signal }),
    // Always fresh when a workbench opens: the library may have changed on another page.
    staleTime: 0,
  });
}

export function useWorkbenchContext() {
  return useQuery(workbenchContextQueryOptions());
}
