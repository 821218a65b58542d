import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/** DELETE /categories/{id}: its prompts stay, uncategorized (204). */
export function deleteCategory(id: string) {
  return apiRequest(`/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes a category, then reloads the categories and the prompts (now uncategorized). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: categoriesQueryKey }), queryClient.invalidateQueries({ queryKey: promptsQueryKey })]),
  });
}
