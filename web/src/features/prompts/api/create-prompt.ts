import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { Prompt, type PromptInput } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

export type CreatePromptInput = z.input<typeof PromptInput>;

/** POST /prompts/: a new prompt; 403 with the plan-limit message when max_prompts is reached. */
export function createPrompt(input: CreatePromptInput, workspace: WorkspaceId) {
  return apiRequest('/prompts/', { method: 'POST', json: input, schema: Prompt, workspace });
}

/** Creates a prompt, then reloads the prompts and the category counts (the mutation settles after the reload). */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: CreatePromptInput) => createPrompt(input, workspace),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.categories.all(workspace) }),
      ]),
  });
}
