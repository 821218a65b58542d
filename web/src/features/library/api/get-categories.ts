import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoryList } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /categories/: the user's own categories, the targets of "Save to My Prompts".
 * The key is the one My Prompts uses for the same call, so both pages share one cache entry.
 */
export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/categories/', { schema: CategoryList, signal });
}

/** Prefix of every query on the user's categories. */
export const categoriesQueryKey = ['categories'] as const;

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getCategories({ signal }),
  });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
