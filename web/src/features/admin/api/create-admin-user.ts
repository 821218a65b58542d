import { useMutation, useQueryClient } from '@tanstack/react-query';
import { User } from '@shared/contract/auth';
import type { Tier } from '@shared/tiers';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface NewUser {
  email: string;
  password: string;
  is_admin: boolean;
  access_tier: Tier;
}

/** POST /admin/users: 201 with the account; 409 for a taken email. Admin-made accounts are named 'Admin' 'Created'. */
export function createAdminUser(input: NewUser) {
  return apiRequest('/admin/users', {
    method: 'POST',
    json: { ...input, first_name: 'Admin', last_name: 'Created' },
    schema: User,
  });
}

/** Creates the account, then reloads all control center data. */
export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
