import { queryOptions, useQuery } from '@tanstack/react-query';
import { SnippetList } from '@shared/contract/context';
import { apiEveryPage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /context/snippets: a workspace's snippets, sorted by name (every page): the Context Library lists them, the editor and the workbench use them. */
export function getSnippets(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiEveryPage('/context/snippets', { schema: SnippetList, workspace, signal }, (all, page) => [...all, ...page]);
}

export function snippetsQueryOptions(workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.context.snippets(workspace),
    queryFn: ({ signal }) => getSnippets(workspace, { signal }),
  });
}

export function useSnippets() {
  return useQuery(snippetsQueryOptions(useCurrentWorkspaceId()));
}
