import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Directives } from '@shared/contract/context';
import { directivesQueryOptions } from '@/lib/api/get-directives';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** PUT /context/directives: saves both directives. */
export function updateDirectives(directives: Directives, workspace: WorkspaceId) {
  return apiRequest('/context/directives', { method: 'PUT', json: directives, workspace });
}

/** Saves, shows the saved directives at once, then refreshes the workspace's Context Library queries. */
export function useUpdateDirectives() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (directives: Directives) => updateDirectives(directives, workspace),
    onSuccess: (_data, directives) => {
      queryClient.setQueryData(directivesQueryOptions(workspace).queryKey, directives);
      return queryClient.invalidateQueries({ queryKey: queryKeys.context.all(workspace) });
    },
  });
}
