import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryCategoryList } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /admin/categories: the library categories with their prompt counts. */
export function getAdminCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/admin/categories', { schema: LibraryCategoryList, signal });
}

export function adminCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'categories'],
    queryFn: ({ signal }) => getAdminCategories({ signal }),
  });
}

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
