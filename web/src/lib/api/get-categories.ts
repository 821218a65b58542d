import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoryList } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/**
 * GET /categories/: a workspace's categories with their prompt counts, sorted by name. My Prompts
 * manages them; 'Save to My Prompts' in the library files a copy under one.
 */
export function getCategories(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/categories/', { schema: CategoryList, workspace, signal });
}

export function categoriesQueryOptions(workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.categories.list(workspace),
    queryFn: ({ signal }) => getCategories(workspace, { signal }),
  });
}

/** The current workspace's categories. */
export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(useCurrentWorkspaceId()), enabled });
}
