import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/** PUT /categories/{id}: renames it (204). */
export function updateCategory(id: string, name: string) {
  return apiRequest(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', json: { name } });
}

/** Renames a category, then reloads the categories and the prompts (which carry the category name). */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => updateCategory(id, name),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: categoriesQueryKey }), queryClient.invalidateQueries({ queryKey: promptsQueryKey })]),
  });
}
