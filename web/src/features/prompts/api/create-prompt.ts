import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { Prompt, type PromptInput } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { categoriesQueryKey, promptsQueryKey } from '@/lib/workspace-api';

export type CreatePromptInput = z.input<typeof PromptInput>;

/** POST /prompts/: a new prompt; 403 with the plan-limit message when max_prompts is reached. */
export function createPrompt(input: CreatePromptInput) {
  return apiRequest('/prompts/', { method: 'POST', json: input, schema: Prompt });
}

/** Creates a prompt, then reloads the prompts and the category counts (the mutation settles after the reload). */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promptsQueryKey }), queryClient.invalidateQueries({ queryKey: categoriesQueryKey })]),
  });
}
