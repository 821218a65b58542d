import { useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { User } from '@shared/contract/auth';
import { adminQueryKey } from '@/lib/query-keys';
import { pagedListOptions } from './paged-list';

const UserList = z.array(User);

/** Every search of the users list lives under this key. */
export const adminUsersKey = [...adminQueryKey, 'users'] as const;

/** GET /admin/users: accounts by email, a page at a time; `search` matches part of the email on the server. */
export const adminUsersQueryOptions = (search = '') => pagedListOptions<User>(adminUsersKey, '/admin/users', UserList, search);

export function useAdminUsers(search = '') {
  return useInfiniteQuery(adminUsersQueryOptions(search));
}
