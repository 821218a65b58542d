import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

/** DELETE /teams/{id}/invites/{invite_id}: the link stops working (owners). */
export async function withdrawInvite(teamId: string, inviteId: string): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });
}

export const useWithdrawInvite = (teamId: string) => useTeamsMutation((inviteId: string) => withdrawInvite(teamId, inviteId));
