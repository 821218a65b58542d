import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryCategoryList } from '@shared/contract/admin';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /admin/categories (admins only): the library's categories with their prompt counts. One
 * fetcher and one key for the control center and the publish dialog, so they stay in step.
 */
export function getLibraryCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/admin/categories', { schema: LibraryCategoryList, signal });
}

export function libraryCategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.categories,
    queryFn: ({ signal }) => getLibraryCategories({ signal }),
  });
}

/** Only fetched where asked for: the control center, and the publish dialog (which only admins open). */
export function useLibraryCategories() {
  return useQuery(libraryCategoriesQueryOptions());
}
