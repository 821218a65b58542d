import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/** DELETE /prompts/{id}: answers 204 and frees a plan slot. */
export function deletePrompt(id: string) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const deleteMutationKey = ['prompts', 'delete'] as const;

/** Deletes a prompt, then reloads the prompts and the category counts. */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteMutationKey,
    mutationFn: deletePrompt,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promptsQueryKey }), queryClient.invalidateQueries({ queryKey: categoriesQueryKey })]),
  });
}
