import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** DELETE /connections/{id}: the connection and its stored key go; runs naming it are refused. */
export async function deleteConnection(workspace: WorkspaceId, id: string): Promise<void> {
  await apiRequest(`/connections/${encodeURIComponent(id)}`, { method: 'DELETE', workspace });
}

export function useDeleteConnection() {
  const client = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (id: string) => deleteConnection(workspace, id),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.connections(workspace) }),
  });
}
