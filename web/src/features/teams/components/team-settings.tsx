import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useMembers } from '@/lib/api/get-members';
import { useTeams } from '@/lib/api/get-teams';
import { ApiError, errorMessage } from '@/lib/api-client';
import { DeleteCard } from './delete-card';
import { InvitesCard } from './invites-card';
import { MembersCard } from './members-card';
import { NameCard } from './name-card';
import { TeamNotFound } from './team-not-found';
import './teams.css';

/** /teams/:id: one team's name, members, invitations and deletion; a non-owner sees the members only. */
export function TeamSettings({ teamId }: { teamId: string }) {
  const teams = useTeams();
  const team = teams.data?.find((t) => t.id === teamId);
  // A member removed meanwhile: the cached list may still name the team, its members answer 404.
  const members = useMembers(teamId);
  if (teams.isPending) {
    return (
      <div className="teams-center">
        <Spinner label="Loading the team" />
      </div>
    );
  }
  if (teams.isError) return <Alert>{errorMessage(teams.error, 'The team could not be loaded.')}</Alert>;
  if (!team || (members.error instanceof ApiError && members.error.status === 404)) return <TeamNotFound />;
  const owner = team.role === 'owner';
  return (
    <div className="teams-page">
      <title>{`${team.name} · Teams · Construct`}</title>
      <NameCard team={team} />
      <MembersCard team={team} />
      {owner ? <InvitesCard team={team} /> : null}
      {owner ? <DeleteCard team={team} /> : null}
    </div>
  );
}
