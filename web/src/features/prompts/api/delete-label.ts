import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** DELETE /prompts/{id}/labels/{label}. */
export function deleteLabel({ id, label }: { id: string; label: string }, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/labels/${encodeURIComponent(label)}`, { method: 'DELETE', workspace });
}

/** Removes a label; the prompts and their histories reload. */
export function useDeleteLabel() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: { id: string; label: string }) => deleteLabel(input, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
