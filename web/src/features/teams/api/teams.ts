import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InviteList, InviteView, type Member, MemberList, Team } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { teamsQueryKey } from '@/lib/teams-api';

/**
 * The team management calls (docs/product.md, "Teams"). Every key lives under teamsQueryKey, so a
 * change to a team refreshes its list, members and invitations together.
 */
const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;
const membersKey = (id: string) => [...teamsQueryKey, 'members', id] as const;
const invitesKey = (id: string) => [...teamsQueryKey, 'invites', id] as const;
const inviteViewKey = (token: string) => [...teamsQueryKey, 'invitation', token] as const;

/** GET /teams/{id}/members: any member sees them. */
export function useMembers(teamId: string) {
  return useQuery({
    queryKey: membersKey(teamId),
    queryFn: ({ signal }) => apiRequest(`${teamPath(teamId)}/members`, { schema: MemberList, signal }).then((list) => list.members),
    retry: false,
  });
}

/** GET /teams/{id}/invites: owners only. */
export function useInvites(teamId: string) {
  return useQuery({
    queryKey: invitesKey(teamId),
    queryFn: ({ signal }) => apiRequest(`${teamPath(teamId)}/invites`, { schema: InviteList, signal }).then((list) => list.invites),
  });
}

/** GET /invites/{token}: what the invitation page shows. Refusals (used, expired, another address) are final. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: inviteViewKey(token),
    queryFn: ({ signal }) => apiRequest(`/invites/${encodeURIComponent(token)}`, { schema: InviteView, signal }),
    retry: false,
  });
}

/**
 * A mutation whose success refreshes every team query but an invitation's page: accepting uses the
 * link up, and the page must not turn into 'already used' while it moves on to the workspace.
 */
function useTeamsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: teamsQueryKey, predicate: (query) => query.queryKey[1] !== 'invitation' }),
  });
}

export const useCreateTeam = () => useTeamsMutation((name: string) => apiRequest('/teams', { method: 'POST', json: { name }, schema: Team }));

export const useRenameTeam = (teamId: string) => useTeamsMutation((name: string) => apiRequest(teamPath(teamId), { method: 'PUT', json: { name } }));

/** DELETE /teams/{id}: its queries are dropped rather than refetched (they would answer 404). */
export function useDeleteTeam(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(teamPath(teamId), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: membersKey(teamId) });
      client.removeQueries({ queryKey: invitesKey(teamId) });
    },
  });
}

export const useInvite = (teamId: string) =>
  useTeamsMutation((input: { email: string; role: 'editor' | 'viewer' }) => apiRequest(`${teamPath(teamId)}/invites`, { method: 'POST', json: input }));

export const useWithdrawInvite = (teamId: string) =>
  useTeamsMutation((inviteId: string) => apiRequest(`${teamPath(teamId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' }));

export const useSetRole = (teamId: string) =>
  useTeamsMutation(({ userId, role }: { userId: string; role: Member['role'] }) =>
    apiRequest(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'PUT', json: { role } }),
  );

/** DELETE /teams/{id}/members/{user_id}: an owner removes a member, or a member leaves. */
export const useRemoveMember = (teamId: string) =>
  useTeamsMutation((userId: string) => apiRequest(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));

export const useAcceptInvitation = (token: string) => useTeamsMutation(() => apiRequest(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST' }));
