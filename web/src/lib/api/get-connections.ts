import { queryOptions, useQuery } from '@tanstack/react-query';
import { ConnectionList } from '@shared/contract/connections';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /connections: the workspace's model connections (never a key, only its hint). */
export function getConnections(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/connections', { schema: ConnectionList, workspace, signal }).then((list) => list.connections);
}

export function connectionsQueryOptions(workspace: WorkspaceId) {
  return queryOptions({ queryKey: queryKeys.connections(workspace), queryFn: ({ signal }) => getConnections(workspace, { signal }) });
}

/** The current workspace's connections (the Connections page, and the workbench's choice of model). */
export function useConnections() {
  return useQuery(connectionsQueryOptions(useCurrentWorkspaceId()));
}
