import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKey } from '@/lib/query-keys';
import { adminUsersKey } from './get-admin-users';
import { updateRows } from './paged-list';

/** Pending calls are read back with useMutationState, so a row shows its own busy state. */
export const deleteUserMutationKey = [...adminQueryKey, 'delete-user'] as const;

/** DELETE /admin/users/{id}: 204; the account and its whole workspace are removed. 400 for oneself. */
export async function deleteAdminUser(id: string): Promise<void> {
  await apiRequest(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** On success the user leaves the list locally (no reload). */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteUserMutationKey,
    mutationFn: deleteAdminUser,
    onSuccess: (_data, id) => {
      updateRows<User>(queryClient, adminUsersKey, (list) => list.filter((u) => u.id !== id));
    },
  });
}
