import { queryOptions, useQuery } from '@tanstack/react-query';
import { InviteList } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /teams/{id}/invites: the pending invitations (owners only). */
export function getInvites(teamId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/teams/${encodeURIComponent(teamId)}/invites`, { schema: InviteList, signal }).then((list) => list.invites);
}

export function invitesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teams.invites(teamId),
    queryFn: ({ signal }) => getInvites(teamId, { signal }),
  });
}

export function useInvites(teamId: string) {
  return useQuery(invitesQueryOptions(teamId));
}
