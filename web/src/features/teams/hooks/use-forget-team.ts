import { useQueryClient } from '@tanstack/react-query';
import { currentWorkspaceId, setCurrentWorkspace } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a team is deleted or left: out of its workspace if it was the current one, then what was
 * read of it dropped (its members, invitations and workspace would answer 404) and the list of
 * teams fetched again.
 */
export function useForgetTeam(teamId: string) {
  const client = useQueryClient();
  return {
    leaveWorkspace: () => {
      if (currentWorkspaceId() === teamId) setCurrentWorkspace(null);
    },
    forget: async () => {
      for (const queryKey of [queryKeys.teams.members(teamId), queryKeys.teams.invites(teamId), queryKeys.workspace(teamId)])
        client.removeQueries({ queryKey });
      await client.invalidateQueries({ queryKey: queryKeys.teams.all });
    },
  };
}
