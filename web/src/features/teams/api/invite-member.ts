import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

export interface Invitation {
  email: string;
  role: 'editor' | 'viewer';
}

/** POST /teams/{id}/invites: mails an invitation link to the address (owners). */
export async function inviteMember(teamId: string, input: Invitation): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}/invites`, { method: 'POST', json: input });
}

export const useInvite = (teamId: string) => useTeamsMutation((input: Invitation) => inviteMember(teamId, input));
