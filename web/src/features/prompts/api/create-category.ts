import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Category } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/workspace-api';

/** POST /categories/: 403 at the plan limit, 409 when the name is taken. */
export function createCategory(name: string) {
  return apiRequest('/categories/', { method: 'POST', json: { name }, schema: Category });
}

/** Creates a category, then reloads the category list. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
