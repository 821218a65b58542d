import { useMutation } from '@tanstack/react-query';
import { ShareLink } from '@shared/contract/registry';
import { apiRequest } from '@/lib/api-client';

const sharePath = (id: string) => `/prompts/${encodeURIComponent(id)}/share`;

/** POST /prompts/{id}/share: the prompt's public link (the same one when it is already shared). */
export function useSharePrompt() {
  return useMutation({ mutationFn: (id: string) => apiRequest(sharePath(id), { method: 'POST', schema: ShareLink }) });
}

/** DELETE /prompts/{id}/share: the link answers 'not found' from then on. */
export function useStopSharing() {
  return useMutation({ mutationFn: (id: string) => apiRequest(sharePath(id), { method: 'DELETE' }) });
}
