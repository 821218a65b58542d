import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrompt, LibraryCategory } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { libraryCategoriesQueryOptions } from '@/lib/library-categories';
import { adminQueryKey } from '@/lib/query-keys';
import { adminPromptsKey } from './get-admin-prompts';
import { updateRows } from './paged-list';

/** Pending calls are read back with useMutationState, so a row shows its own busy state. */
export const deletePromptMutationKey = [...adminQueryKey, 'delete-prompt'] as const;

/** DELETE /admin/prompts/{id}: 204, the library prompt is gone. */
export async function deleteAdminPrompt(prompt: Pick<AdminPrompt, 'id'>): Promise<void> {
  await apiRequest(`/admin/prompts/${encodeURIComponent(prompt.id)}`, { method: 'DELETE' });
}

/** On success the prompt leaves the list locally (no reload), and its category's count drops by one. */
export function useDeleteAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deletePromptMutationKey,
    mutationFn: (prompt: Pick<AdminPrompt, 'id' | 'category_id'>) => deleteAdminPrompt(prompt),
    onSuccess: (_data, prompt) => {
      updateRows<AdminPrompt>(queryClient, adminPromptsKey, (list) => list.filter((p) => p.id !== prompt.id));
      if (prompt.category_id) {
        queryClient.setQueryData<LibraryCategory[]>(libraryCategoriesQueryOptions().queryKey, (list) =>
          list?.map((c) => (c.id === prompt.category_id ? { ...c, prompt_count: Math.max(0, c.prompt_count - 1) } : c)),
        );
      }
    },
  });
}
