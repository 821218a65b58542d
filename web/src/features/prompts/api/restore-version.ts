import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/{id}/versions/{version}/restore: that version's content becomes a new version. */
export function restoreVersion(id: string, version: number, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/versions/${version}/restore`, { method: 'POST', schema: Prompt, workspace });
}

/** Restores, then reloads the prompts and their histories. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => restoreVersion(id, version, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}
