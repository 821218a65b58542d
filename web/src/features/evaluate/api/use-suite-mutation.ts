import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/**
 * A change to a prompt's suite (an example, the checks, an evaluation): the call, then the suite's
 * queries reload, and with `prompts` the workspace's prompts too (a label's protection lives there).
 */
export function useSuiteMutation<V, R>(id: string, call: (vars: V, workspace: WorkspaceId) => Promise<R>, { prompts = false } = {}) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  return useMutation({
    mutationFn: (vars: V) => call(vars, workspace),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.suite.all(workspace, id) });
      if (prompts) await queryClient.invalidateQueries({ queryKey: queryKeys.prompts.all(workspace) });
    },
  });
}
