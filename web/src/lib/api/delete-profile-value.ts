import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /context/profile/{key}: forgets one PROFILE value. */
export async function deleteProfileValue(key: string): Promise<void> {
  await apiRequest(`/context/profile/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

/** Forgets a PROFILE value, then refreshes the values and the workbench's context. */
export function useDeleteProfileValue() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: deleteProfileValue,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.context.workbench(workspace) }),
      ]),
  });
}
