import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * A team mutation whose success refreshes every team query but an invitation's page: accepting
 * uses the link up, and the page must not turn into 'already used' while it moves on to the workspace.
 */
export function useTeamsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.teams.all, predicate: (query) => query.queryKey[1] !== 'invitation' }),
  });
}
