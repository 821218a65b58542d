import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibraryCategoryList } from '@shared/contract/admin';
import { apiRequest } from './api-client';
import { adminQueryKey } from './query-keys';

/**
 * GET /admin/categories (admins only): the library's categories with their prompt counts. One
 * fetcher and one key for the control center and the publish dialog, so they stay in step.
 */
export function libraryCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'categories'],
    queryFn: ({ signal }) => apiRequest('/admin/categories', { schema: LibraryCategoryList, signal }),
  });
}

/** Only fetched where asked for: the control center, and the publish dialog (which only admins open). */
export function useLibraryCategories() {
  return useQuery(libraryCategoriesQueryOptions());
}
