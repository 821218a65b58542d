import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

/** PUT /teams/{id}: a new name (owners). */
export async function renameTeam(teamId: string, name: string): Promise<void> {
  await apiRequest(`/teams/${encodeURIComponent(teamId)}`, { method: 'PUT', json: { name } });
}

export const useRenameTeam = (teamId: string) => useTeamsMutation((name: string) => renameTeam(teamId, name));
