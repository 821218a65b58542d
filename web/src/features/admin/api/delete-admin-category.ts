import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrompt, LibraryCategory } from '@shared/contract/admin';
import { libraryCategoriesQueryOptions } from '@/lib/api/get-library-categories';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { updateRows } from './paged-list';

/** DELETE /admin/categories/{id}: 204; its prompts stay in the library, uncategorized. */
export async function deleteAdminCategory(id: string): Promise<void> {
  await apiRequest(`/admin/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** On success the category leaves the list locally, and its prompts show as uncategorized. Pending deletes are read back by their key (a row's busy state). */
export function useDeleteAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.admin.deleteCategory,
    mutationFn: deleteAdminCategory,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<LibraryCategory[]>(libraryCategoriesQueryOptions().queryKey, (list) => list?.filter((c) => c.id !== id));
      updateRows<AdminPrompt>(queryClient, queryKeys.admin.prompts, (list) =>
        list.map((p) => (p.category_id === id ? { ...p, category_id: null, category_name: null } : p)),
      );
    },
  });
}
