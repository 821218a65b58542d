import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { updateRows } from './paged-list';

/** DELETE /admin/users/{id}: 204; the account and its whole workspace are removed. 400 for oneself. */
export async function deleteAdminUser(id: string): Promise<void> {
  await apiRequest(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** On success the user leaves the list locally (no reload). Pending deletes are read back by their key. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.admin.deleteUser,
    mutationFn: deleteAdminUser,
    onSuccess: (_data, id) => {
      updateRows<User>(queryClient, queryKeys.admin.users, (list) => list.filter((u) => u.id !== id));
    },
  });
}
