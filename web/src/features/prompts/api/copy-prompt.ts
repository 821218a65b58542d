import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CopyRequest, Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/**
 * POST /prompts/{id}/copy: 'Move/copy to…' from a workspace into another (`to`: a team's id, or
 * null for the personal one); a move also removes the prompt from the first.
 */
export function copyPrompt({ id, ...body }: CopyRequest & { id: string }, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/copy`, { method: 'POST', json: body, schema: Prompt, workspace });
}

/** Copies or moves from the current workspace, then reloads the lists of the workspaces it changed. */
export function useCopyPrompt() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: CopyRequest & { id: string }) => copyPrompt(input, workspace),
    onSuccess: (_, { to, move }) =>
      Promise.all(
        (move ? [to, workspace] : [to]).flatMap((changed) => [
          queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(changed) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(changed) }),
        ]),
      ),
  });
}
