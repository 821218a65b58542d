import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LibraryCategory } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /admin/categories: 201 with the new library category; 409 when the name is taken. */
export function createAdminCategory({ name }: { name: string }) {
  return apiRequest('/admin/categories', { method: 'POST', json: { name }, schema: LibraryCategory });
}

/** Creates the category, then reloads all control center data. */
export function useCreateAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminCategory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
