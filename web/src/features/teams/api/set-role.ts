import type { Member } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

export interface RoleChange {
  userId: string;
  role: Member['role'];
}

/** PUT /teams/{id}/members/{user_id}: a member's role (owners). */
export async function setRole(teamId: string, { userId, role }: RoleChange): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'PUT', json: { role } });
}

export const useSetRole = (teamId: string) => useTeamsMutation((change: RoleChange) => setRole(teamId, change));
