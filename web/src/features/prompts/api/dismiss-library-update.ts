import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/{id}/library-update/dismiss: the change is marked as seen; answers 204. */
export function dismissLibraryUpdate(id: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/library-update/dismiss`, { method: 'POST', workspace });
}

/** Dismisses, then reloads the prompts (the card's flag). */
export function useDismissLibraryUpdate() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (id: string) => dismissLibraryUpdate(id, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
