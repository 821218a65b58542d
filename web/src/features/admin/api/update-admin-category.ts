import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LibraryCategory } from '@shared/contract/admin';
import { libraryCategoriesQueryOptions } from '@/lib/api/get-library-categories';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface CategoryRename {
  id: string;
  name: string;
}

/** PUT /admin/categories/{id}: 204; 409 when another category has the name. */
export async function updateAdminCategory({ id, name }: CategoryRename): Promise<void> {
  await apiRequest(`/admin/categories/${encodeURIComponent(id)}`, { method: 'PUT', json: { name } });
}

/** Renames in the list at once, then reloads all control center data (prompt rows show the new name). */
export function useUpdateAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminCategory,
    onSuccess: (_data, { id, name }) => {
      queryClient.setQueryData<LibraryCategory[]>(libraryCategoriesQueryOptions().queryKey, (list) => list?.map((c) => (c.id === id ? { ...c, name } : c)));
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
