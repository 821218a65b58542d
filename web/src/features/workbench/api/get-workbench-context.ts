import { queryOptions, useQuery } from '@tanstack/react-query';
import { contextQueryKey, getDirectives, getProfile, getSnippets } from '@/lib/context-api';

/**
 * The context the workbench fills prompts from (docs/decisions.md): the global directives, the
 * snippets (SNIPPET variables, by name) and the stored profile values (PROFILE variables).
 * Its key sits under ['context'], so any Context Library change refreshes it too.
 */
export async function getWorkbenchContext({ signal }: { signal?: AbortSignal } = {}) {
  const [directives, snippets, profile] = await Promise.all([getDirectives({ signal }), getSnippets({ signal }), getProfile({ signal })]);
  return { directives, snippets, profile };
}

export type WorkbenchContext = Awaited<ReturnType<typeof getWorkbenchContext>>;

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
