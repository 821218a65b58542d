import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoryList } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';

/** GET /categories/: the user's categories with their prompt counts, sorted by name. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/categories/', { schema: CategoryList, signal });
}

/** Prefix of every category query. */
export const categoriesQueryKey = ['categories'] as const;

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getCategories({ signal }),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
