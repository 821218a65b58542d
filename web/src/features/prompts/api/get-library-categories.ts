import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryCategoryList } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';

/** GET /admin/categories: the library's categories (admin only), for 'Publish to Library'. */
export function getLibraryCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/admin/categories', { schema: LibraryCategoryList, signal });
}

/** The control center caches the same list (same shape) under the same key, so they stay in step. */
export const libraryCategoriesQueryKey = ['admin', 'categories'] as const;

export function libraryCategoriesQueryOptions() {
  return queryOptions({
    queryKey: libraryCategoriesQueryKey,
    queryFn: ({ signal }) => getLibraryCategories({ signal }),
  });
}

/** Only fetched where asked for (the publish dialog, which only admins can open). */
export function useLibraryCategories() {
  return useQuery(libraryCategoriesQueryOptions());
}
