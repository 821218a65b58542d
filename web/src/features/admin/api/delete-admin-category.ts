import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrompt, LibraryCategory } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { libraryCategoriesQueryOptions } from '@/lib/library-categories';
import { adminQueryKey } from '@/lib/query-keys';
import { adminPromptsKey } from './get-admin-prompts';
import { updateRows } from './paged-list';

/** Pending calls are read back with useMutationState, so a row shows its own busy state. */
export const deleteCategoryMutationKey = [...adminQueryKey, 'delete-category'] as const;

/** DELETE /admin/categories/{id}: 204; its prompts stay in the library, uncategorized. */
export async function deleteAdminCategory(id: string): Promise<void> {
  await apiRequest(`/admin/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** On success the category leaves the list locally, and its prompts show as uncategorized. */
export function useDeleteAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteCategoryMutationKey,
    mutationFn: deleteAdminCategory,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<LibraryCategory[]>(libraryCategoriesQueryOptions().queryKey, (list) => list?.filter((c) => c.id !== id));
      updateRows<AdminPrompt>(queryClient, adminPromptsKey, (list) =>
        list.map((p) => (p.category_id === id ? { ...p, category_id: null, category_name: null } : p)),
      );
    },
  });
}
