import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionList } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /prompts/{id}/versions: the current version first, then the older ones newest first. */
export function getVersions(id: string, workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/versions`, { schema: VersionList, workspace, signal });
}

/** Under the workspace's prompts, so every change to them reloads the history too. */
export function versionsQueryOptions(id: string, workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.prompts.versions(workspace, id),
    queryFn: ({ signal }) => getVersions(id, workspace, { signal }),
  });
}

export function useVersions(id: string) {
  return useQuery(versionsQueryOptions(id, useCurrentWorkspaceId()));
}
