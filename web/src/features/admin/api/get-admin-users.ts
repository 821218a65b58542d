import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { User } from '@shared/contract/auth';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKey } from './admin-query-key';

const UserList = z.array(User);

/** GET /admin/users: every account on the platform. */
export function getAdminUsers({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/admin/users', { schema: UserList, signal });
}

export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'users'],
    queryFn: ({ signal }) => getAdminUsers({ signal }),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
