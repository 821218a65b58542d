import { useMutation } from '@tanstack/react-query';
import { ShareLink } from '@shared/contract/registry';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import type { WorkspaceId } from '@/lib/query-keys';

/** POST /prompts/{id}/share: the prompt's public link (the same one when it is already shared). */
export function sharePrompt(id: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/share`, { method: 'POST', schema: ShareLink, workspace });
}

export function useSharePrompt() {
  const workspace = useCurrentWorkspaceId();
  return useMutation({ mutationFn: (id: string) => sharePrompt(id, workspace) });
}
