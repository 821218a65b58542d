import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** PUT /categories/{id}: renames it (204). */
export function updateCategory(id: string, name: string, workspace: WorkspaceId) {
  return apiRequest(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', json: { name }, workspace });
}

/** Renames a category, then reloads the categories and the prompts (which carry the category name). */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateCategory(id, name, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
      ]),
  });
}
