import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InviteList, InviteView, type Member, MemberList, Team } from '@shared/contract/teams';
import { apiRequest } from '@/lib/api-client';
import { currentWorkspaceId } from '@/lib/current-workspace';
import { teamsQueryKey, useSwitchWorkspace } from '@/lib/teams-api';

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

/** DELETE /teams/{id}. The page moves away first, then forgets the team (useForgetTeam). */
export const useDeleteTeam = (teamId: string) => useMutation({ mutationFn: () => apiRequest(teamPath(teamId), { method: 'DELETE' }) });

/** DELETE /teams/{id}/members/{own id}: leaving. Like deleting, the page moves away, then forgets the team. */
export const useLeaveTeam = (teamId: string, userId: string) =>
  useMutation({ mutationFn: () => apiRequest(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }) });

/**
 * After a team is deleted or left: out of its workspace if it was the current one, its members and
 * invitations dropped (they would answer 404) and the list of teams fetched again.
 */
export function useForgetTeam(teamId: string) {
  const client = useQueryClient();
  const switchWorkspace = useSwitchWorkspace();
  return {
    leaveWorkspace: async () => {
      if (currentWorkspaceId() === teamId) await switchWorkspace(null);
    },
    forget: async () => {
      client.removeQueries({ queryKey: membersKey(teamId) });
      client.removeQueries({ queryKey: invitesKey(teamId) });
      await client.invalidateQueries({ queryKey: teamsQueryKey });
    },
  };
}

export const useInvite = (teamId: string) =>
  useTeamsMutation((input: { email: string; role: 'editor' | 'viewer' }) => apiRequest(`${teamPath(teamId)}/invites`, { method: 'POST', json: input }));

export const useWithdrawInvite = (teamId: string) =>
  useTeamsMutation((inviteId: string) => apiRequest(`${teamPath(teamId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' }));

export const useSetRole = (teamId: string) =>
  useTeamsMutation(({ userId, role }: { userId: string; role: Member['role'] }) =>
    apiRequest(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'PUT', json: { role } }),
  );

/** DELETE /teams/{id}/members/{user_id}: an owner removes a member. */
export const useRemoveMember = (teamId: string) =>
  useTeamsMutation((userId: string) => apiRequest(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));

export const useAcceptInvitation = (token: string) => useTeamsMutation(() => apiRequest(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST' }));
