import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import type { WorkspaceId } from '@/lib/query-keys';

/** DELETE /prompts/{id}/share: the link answers 'not found' from then on. */
export function unsharePrompt(id: string, workspace: WorkspaceId) {
  return apiRequest(`/prompts/${encodeURIComponent(id)}/share`, { method: 'DELETE', workspace });
}

export function useStopSharing() {
  const workspace = useCurrentWorkspaceId();
  return useMutation({ mutationFn: (id: string) => unsharePrompt(id, workspace) });
}
