import { Settings, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths, teamPath } from '@/config/paths';
import { useTeams } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { setCurrentWorkspace, useCurrentWorkspaceId } from '@/lib/current-workspace';
import { ROLE_LABELS } from '../utils/roles';
import './teams.css';

export function TeamList() {
  const teams = useTeams();
  const current = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const open = async (id: string) => {
    setCurrentWorkspace(id);
    await navigate(paths.prompts);
  };

  return (
    <Card className="teams-card" aria-labelledby="teams-list-title">
      <h2 id="teams-list-title" className="card__title">
        Your teams
      </h2>
      {teams.isPending ? <Spinner label="Loading your teams" /> : null}
      {teams.isError ? (
        <Alert
          action={
            <Button variant="secondary" size="sm" onClick={() => void teams.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(teams.error, 'Your teams could not be loaded.')}
        </Alert>
      ) : null}
      {teams.data?.length === 0 ? (
        <div className="teams-empty">
          <p className="teams-card__intro">
            You are not in a team yet. A team shares one workspace: its own prompts, categories and snippets, with a role for each member. Owners manage the
            team, editors change its prompts, viewers read and use them. Create a team below, or open an invitation a teammate sent you.
          </p>
        </div>
      ) : null}
      {teams.data && teams.data.length > 0 ? (
        <ul className="teams-list" aria-label="Your teams">
          {teams.data.map((team) => (
            <li key={team.id} className="teams-row">
              <div className="teams-row__main">
                <h3 className="teams-row__name">
                  <Users aria-hidden="true" size={18} /> {team.name}
                  {team.id === current ? <Badge variant="accent">Current workspace</Badge> : null}
                </h3>
                <p className="teams-row__meta">Your role: {ROLE_LABELS[team.role]}</p>
              </div>
              <div className="teams-row__actions">
                <Link to={teamPath(team.id)} className={buttonClassName({ variant: 'ghost', size: 'sm' })} aria-label={`Settings of ${team.name}`}>
                  <Settings aria-hidden="true" size={16} /> Settings
                </Link>
                <Button size="sm" variant="secondary" onClick={() => void open(team.id)} aria-label={`Open workspace of ${team.name}`}>
                  Open workspace
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
