import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrompt, LibraryCategory } from '@shared/contract/admin';
import { libraryCategoriesQueryOptions } from '@/lib/api/get-library-categories';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { updateRows } from './paged-list';

/** DELETE /admin/prompts/{id}: 204, the library prompt is gone. */
export async function deleteAdminPrompt(prompt: Pick<AdminPrompt, 'id'>): Promise<void> {
  await apiRequest(`/admin/prompts/${encodeURIComponent(prompt.id)}`, { method: 'DELETE' });
}

/** On success the prompt leaves the list locally (no reload), and its category's count drops by one. Pending deletes are read back by their key. */
export function useDeleteAdminPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.admin.deletePrompt,
    mutationFn: (prompt: Pick<AdminPrompt, 'id' | 'category_id'>) => deleteAdminPrompt(prompt),
    onSuccess: (_data, prompt) => {
      updateRows<AdminPrompt>(queryClient, queryKeys.admin.prompts, (list) => list.filter((p) => p.id !== prompt.id));
      if (prompt.category_id) {
        queryClient.setQueryData<LibraryCategory[]>(libraryCategoriesQueryOptions().queryKey, (list) =>
          list?.map((c) => (c.id === prompt.category_id ? { ...c, prompt_count: Math.max(0, c.prompt_count - 1) } : c)),
        );
      }
    },
  });
}
