import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

/** DELETE /teams/{id}/members/{user_id}: an owner removes a member, or a member leaves (their own id). */
export async function removeMember(teamId: string, userId: string): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export const useRemoveMember = (teamId: string) => useTeamsMutation((userId: string) => removeMember(teamId, userId));

/** Leaving: like deleting, the page moves away, then forgets the team (useForgetTeam). */
export const useLeaveTeam = (teamId: string, userId: string) => useMutation({ mutationFn: () => removeMember(teamId, userId) });
