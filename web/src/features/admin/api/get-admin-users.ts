import { useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { User } from '@shared/contract/auth';
import { queryKeys } from '@/lib/query-keys';
import { pagedListOptions } from './paged-list';

const UserList = z.array(User);

/** GET /admin/users: accounts by email, a page at a time; `search` matches part of the email on the server. */
export const adminUsersQueryOptions = (search = '') => pagedListOptions<User>(queryKeys.admin.users, '/admin/users', UserList, search);

export function useAdminUsers(search = '') {
  return useInfiniteQuery(adminUsersQueryOptions(search));
}
