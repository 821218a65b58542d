import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** DELETE /categories/{id}: its prompts stay, uncategorized (204). */
export function deleteCategory(id: string, workspace: WorkspaceId) {
  return apiRequest(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE', workspace });
}

/** Deletes a category, then reloads the categories and the prompts (now uncategorized). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (id: string) => deleteCategory(id, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
      ]),
  });
}
