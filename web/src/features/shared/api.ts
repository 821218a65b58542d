import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { SharedPrompt } from '@shared/contract/registry';
import { ApiError, apiRequest } from '@/lib/api-client';
import { promptsQueryKey } from '@/lib/workspace-api';

const sharedPath = (token: string) => `/shared/${encodeURIComponent(token)}`;

/** GET /shared/{token}: a shared prompt, for anyone with the link (no sign-in needed). */
export function useSharedPrompt(token: string) {
  return useQuery({
    queryKey: ['shared', token],
    queryFn: ({ signal }) => apiRequest(sharedPath(token), { schema: SharedPrompt, auth: false, signal }),
    // A link that names nothing stays not found: no retries.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** POST /shared/{token}/fork: a copy in the caller's My Prompts (within the plan's limit). */
export function useForkShared() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(`${sharedPath(token)}/fork`, { method: 'POST', schema: Prompt }),
    onSuccess: () => client.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
