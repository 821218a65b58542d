import { CreateTeam } from './create-team';
import { TeamList } from './team-list';
import './teams.css';

/** /teams: the caller's teams, each with their role, settings and 'Open workspace'; and 'Create team'. */
export function TeamsPage() {
  return (
    <div className="teams-page">
      <TeamList />
      <CreateTeam />
    </div>
  );
}
