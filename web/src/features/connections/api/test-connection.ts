import { useMutation } from '@tanstack/react-query';
import { ConnectionTest } from '@shared/contract/connections';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import type { WorkspaceId } from '@/lib/query-keys';

/** POST /connections/{id}/test: whether the provider takes the key, and the models it offers. */
export function testConnection(workspace: WorkspaceId, id: string) {
  return apiRequest(`/connections/${encodeURIComponent(id)}/test`, { method: 'POST', schema: ConnectionTest, workspace });
}

export function useTestConnection() {
  const workspace = useCurrentWorkspaceId();
  return useMutation({ mutationFn: (id: string) => testConnection(workspace, id) });
}
