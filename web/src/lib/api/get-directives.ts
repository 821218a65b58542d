import { queryOptions, useQuery } from '@tanstack/react-query';
import { Directives } from '@shared/contract/context';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /context/directives: a workspace's global prompt prefix and suffix (the Context Library edits them, the workbench adds them). */
export function getDirectives(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/context/directives', { schema: Directives, workspace, signal });
}

export function directivesQueryOptions(workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.context.directives(workspace),
    queryFn: ({ signal }) => getDirectives(workspace, { signal }),
  });
}

export function useDirectives() {
  return useQuery(directivesQueryOptions(useCurrentWorkspaceId()));
}
