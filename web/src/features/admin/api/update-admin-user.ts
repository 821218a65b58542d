import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys, queryKeys } from '@/lib/query-keys';
import { updateRows } from './paged-list';

export interface UserChange {
  id: string;
  is_admin?: boolean;
  access_tier?: Tier;
}

/**
 * PUT /admin/users/{id}: 200 with the updated account. 400 when an admin would remove their own
 * admin status, or the platform would be left without an administrator.
 */
export function updateAdminUser({ id, ...changes }: UserChange) {
  return apiRequest(`/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', json: changes, schema: User });
}

/** Writes the server's answer into the list at once, then reloads all control center data. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.admin.updateUser,
    mutationFn: updateAdminUser,
    onSuccess: (updated) => {
      updateRows<User>(queryClient, queryKeys.admin.users, (list) => list.map((u) => (u.id === updated.id ? updated : u)));
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
