import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberList } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /teams/{id}/members: any member sees them. */
export function getMembers(teamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/teams/${encodeURIComponent(teamId)}/members`, { schema: MemberList, signal }).then((list) => list.members);
}

export function membersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teams.members(teamId),
    queryFn: ({ signal }) => getMembers(teamId, { signal }),
    retry: false,
  });
}

export function useMembers(teamId: string) {
  return useQuery(membersQueryOptions(teamId));
}
