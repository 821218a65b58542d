import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /teams/{id}: the team, its workspace and its invitations (owners). */
export async function deleteTeam(teamId: string): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}`, { method: 'DELETE' });
}

/** The page moves away first, then forgets the team (useForgetTeam). */
export const useDeleteTeam = (teamId: string) => useMutation({ mutationFn: () => deleteTeam(teamId) });
