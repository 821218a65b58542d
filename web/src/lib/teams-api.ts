import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TeamList } from '@shared/contract/teams';
import { apiRequest } from './api-client';
import { contextQueryKey } from './context-api';
import { setCurrentWorkspace, useCurrentWorkspaceId } from './current-workspace';
import { categoriesQueryKey, promptsQueryKey } from './workspace-api';

/** Every query on the caller's teams (their list, members, invitations) lives under this key. */
export const teamsQueryKey = ['teams'] as const;

/** GET /teams: the caller's teams, each with the caller's role. */
export function teamsQueryOptions() {
  return queryOptions({
    queryKey: [...teamsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => apiRequest('/teams', { schema: TeamList, signal }).then((list) => list.teams),
  });
}

export function useTeams({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teamsQueryOptions(), enabled });
}

/** The team whose workspace is shown (with the caller's role), or null in the personal workspace or while the list loads. */
export function useCurrentTeam() {
  const id = useCurrentWorkspaceId();
  const { data: teams } = useTeams({ enabled: id !== null });
  return id === null ? null : (teams?.find((t) => t.id === id) ?? null);
}

/** The queries whose answers depend on the workspace: reset on a switch (and loaded again), so no list of one shows in another. */
const WORKSPACE_ROOTS = [promptsQueryKey, categoriesQueryKey, contextQueryKey];

/** Switches the workspace the app shows (null: personal), dropping what was loaded for the previous one. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    async (teamId: string | null) => {
      await Promise.all(WORKSPACE_ROOTS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      setCurrentWorkspace(teamId);
      await Promise.all(WORKSPACE_ROOTS.map((queryKey) => queryClient.resetQueries({ queryKey })));
    },
    [queryClient],
  );
}
