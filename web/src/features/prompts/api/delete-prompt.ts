import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { mutationKeys, queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** DELETE /prompts/{id}: answers 204 and frees a plan slot. */
export function deletePrompt(id: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}`, { method: 'DELETE', workspace });
}

/** Deletes a prompt, then reloads the prompts and the category counts. Pending deletes are read back by mutationKeys.deletePrompt. */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationKey: mutationKeys.deletePrompt,
    mutationFn: (id: string) => deletePrompt(id, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}
