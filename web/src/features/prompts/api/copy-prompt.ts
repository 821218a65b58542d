import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CopyRequest, Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

/**
 * POST /prompts/{id}/copy: 'Move/copy to…' from the current workspace into another (`to`: a team's
 * id, or null for the personal one). The copy lands in the other workspace, whose lists load when
 * it is opened; a move also removes the prompt here.
 */
export function useCopyPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CopyRequest & { id: string }) =>
      apiRequest(`/prompts/${encodeURIComponent(id)}/copy`, { method: 'POST', json: body, schema: Prompt }),
    onSuccess: (_, { move }) =>
      move
        ? Promise.all([queryClient.invalidateQueries({ queryKey: promptsQueryKey }), queryClient.invalidateQueries({ queryKey: categoriesQueryKey })])
        : undefined,
  });
}
