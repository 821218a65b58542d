import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Prompt } from '@shared/contract/prompts';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /shared/{token}/fork: a copy in the caller's current workspace (within the plan's limit). */
export function forkSharedPrompt(token: string, workspace: WorkspaceId) {
  return apiRequest(`/shared/${encodeURIComponent(token)}/fork`, { method: 'POST', schema: Prompt, workspace });
}

export function useForkShared() {
  const client = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (token: string) => forkSharedPrompt(token, workspace),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) }),
  });
}
