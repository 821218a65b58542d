import { useMutation } from '@tanstack/react-query';
import { EnhanceResponse } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';

/** POST /engine/enhance: the body rewritten by the 'clarify' engine (every [TYPE: key] marker kept). Stores nothing. */
export function enhancePrompt(body: string) {
  return apiRequest('/engine/enhance', {
    method: 'POST',
    json: { prompt_body: body, enhancement_type: 'clarify' },
    schema: EnhanceResponse,
  });
}

/** Enhances a prompt's body; `promptId` identifies the card to show as busy (useMutationState on mutationKeys.enhancePrompt). */
export function useEnhancePrompt() {
  return useMutation({
    mutationKey: mutationKeys.enhancePrompt,
    mutationFn: ({ body }: { promptId: string; body: string }) => enhancePrompt(body),
  });
}
