import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

/** POST /invites/{token}/accept: joins the team in the invitation's role. */
export async function acceptInvitation(token: string): Promise<void> {
  await apiRequest(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST' });
}

export const useAcceptInvitation = (token: string) => useTeamsMutation(() => acceptInvitation(token));
