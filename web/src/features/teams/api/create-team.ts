import { Team } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { useTeamsMutation } from './use-teams-mutation';

/** POST /teams: a new team with the caller as its owner (Pro and Elite). */
export function createTeam(name: string) {
  return apiRequest('/teams', { method: 'POST', json: { name }, schema: Team });
}

export const useCreateTeam = () => useTeamsMutation(createTeam);
