import { queryOptions, useQuery } from '@tanstack/react-query';
import { TeamList } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId, VIEWER_READ_ONLY } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** GET /teams: the caller's teams, each with the caller's role (the header's switcher, Teams, 'Move/copy to…'). */
export function getTeams({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/teams', { schema: TeamList, signal }).then((list) => list.teams);
}

export function teamsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.teams.list,
    queryFn: ({ signal }) => getTeams({ signal }),
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

/**
 * The one answer to "can the caller change this workspace?" that every screen asks: null when they
 * can (their own workspace, or a team's as owner or editor), else the reason (a team's viewer). The
 * server refuses a viewer's writes anyway (403); this keeps them from typing work they cannot save.
 */
export function useReadOnlyReason(): string | null {
  return useCurrentTeam()?.role === 'viewer' ? VIEWER_READ_ONLY : null;
}
