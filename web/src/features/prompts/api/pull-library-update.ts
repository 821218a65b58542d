import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/{id}/library-update/pull: the original's content becomes the fork's new version. */
export function pullLibraryUpdate(id: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/library-update/pull`, { method: 'POST', schema: Prompt, workspace });
}

/** Pulls, then reloads the prompts (the card's flag, the history). */
export function usePullLibraryUpdate() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (id: string) => pullLibraryUpdate(id, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
