import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryUpdate } from '@shared/contract/versions';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /prompts/{id}/library-update: a fork's content next to its library original's. */
export function getLibraryUpdate(id: string, workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/library-update`, { schema: LibraryUpdate, workspace, signal });
}

/** Under the workspace's prompts, so every change to them reloads it too. */
export function libraryUpdateQueryOptions(id: string, workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.prompts.libraryUpdate(workspace, id),
    queryFn: ({ signal }) => getLibraryUpdate(id, workspace, { signal }),
  });
}

export function useLibraryUpdate(id: string) {
  return useQuery(libraryUpdateQueryOptions(id, useCurrentWorkspaceId()));
}
