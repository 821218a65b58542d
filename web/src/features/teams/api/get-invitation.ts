import { queryOptions, useQuery } from '@tanstack/react-query';
import { InviteView } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /invites/{token}: what the invitation page shows. Refusals (used, expired, another address) are final. */
export function getInvitation(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/invites/${encodeURIComponent(token)}`, { schema: InviteView, signal });
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.teams.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, { signal }),
    retry: false,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
