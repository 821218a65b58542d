import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /categories/: 403 at the plan limit, 409 when the name is taken. */
export function createCategory(name: string, workspace: WorkspaceId) {
  return apiRequest('/categories/', { method: 'POST', json: { name }, schema: Category, workspace });
}

/** Creates a category, then reloads the category list. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (name: string) => createCategory(name, workspace),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
  });
}
