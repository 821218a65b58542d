import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

export interface ForkInput {
  /** The library prompt to copy. */
  promptId: string;
  /** The user's category to file the copy under; null = uncategorized. */
  categoryId: string | null;
}

/**
 * POST /prompts/fork/{id}: copies a library prompt into the user's workspace. 403 for a locked
 * prompt or at the plan limit, 404 for an unknown prompt or a category that is not the user's.
 */
export function forkLibraryPrompt({ promptId, categoryId }: ForkInput, workspace: WorkspaceId) {
  return apiRequest(`/prompts/fork/${encodeURIComponent(promptId)}`, { method: 'POST', json: { category_id: categoryId }, schema: Prompt, workspace });
}

/** Forks into the current workspace, then marks its prompts and category counts stale. */
export function useForkLibraryPrompt() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: ForkInput) => forkLibraryPrompt(input, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}
