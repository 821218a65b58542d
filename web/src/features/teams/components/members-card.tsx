import type { Team } from '@shared/contract/teams';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMembers } from '@/lib/api/get-members';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { MemberRow } from './member-row';
import './teams.css';

export function MembersCard({ team }: { team: Team }) {
  const members = useMembers(team.id);
  const { user } = useSession();
  const owner = team.role === 'owner';
  return (
    <Card className="teams-card" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="card__title">
        Members
      </h2>
      {members.isPending ? <Spinner label="Loading the members" /> : null}
      {members.isError ? <Alert>{errorMessage(members.error, 'The members could not be loaded.')}</Alert> : null}
      {members.data ? (
        <ul className="teams-list" aria-label="Members">
          {members.data.map((member) => (
            <MemberRow key={member.user_id} team={team} member={member} self={member.user_id === user?.id} manage={owner} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
