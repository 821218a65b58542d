import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Connection, type ConnectionInput } from '@shared/contract/connections';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** POST /connections: the key goes in once; the answer shows only its hint. */
export function createConnection(workspace: WorkspaceId, input: ConnectionInput) {
  return apiRequest('/connections', { method: 'POST', json: input, schema: Connection, workspace });
}

export function useCreateConnection() {
  const client = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (input: ConnectionInput) => createConnection(workspace, input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.connections(workspace) }),
  });
}
