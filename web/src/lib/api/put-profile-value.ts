import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** PUT /context/profile/{key}: stores one PROFILE value (the Context Library and the workbench store them). */
export async function putProfileValue({ key, value }: { key: string; value: string }): Promise<void> {
  await apiRequest(`/context/profile/${encodeURIComponent(key)}`, { method: 'PUT', json: { value } });
}

/** Saves a PROFILE value, then refreshes the values and the workbench's context. */
export function usePutProfileValue() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: putProfileValue,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.context.workbench(workspace) }),
      ]),
  });
}
