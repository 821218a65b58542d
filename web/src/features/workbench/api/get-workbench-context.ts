import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDirectives } from '@/lib/api/get-directives';
import { getProfile } from '@/lib/api/get-profile';
import { getSnippets } from '@/lib/api/get-snippets';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/**
 * The context the workbench fills prompts from (docs/decisions.md): the workspace's global
 * directives and snippets (SNIPPET variables, by name) and the caller's stored profile values
 * (PROFILE variables). Its key sits under the workspace's context, so any Context Library change
 * refreshes it too.
 */
export async function getWorkbenchContext(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  const [directives, snippets, profile] = await Promise.all([getDirectives(workspace, { signal }), getSnippets(workspace, { signal }), getProfile({ signal })]);
  return { directives, snippets, profile };
}

export type WorkbenchContext = Awaited<ReturnType<typeof getWorkbenchContext>>;

export function workbenchContextQueryOptions(workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.context.workbench(workspace),
    queryFn: ({ signal }) => getWorkbenchContext(workspace, { signal }),
    // Always fresh when a workbench opens: the library may have changed on another page.
    staleTime: 0,
  });
}

export function useWorkbenchContext() {
  return useQuery(workbenchContextQueryOptions(useCurrentWorkspaceId()));
}
