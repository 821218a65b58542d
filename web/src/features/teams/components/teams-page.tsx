import { Settings, Users } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { TEAM_NAME_MAX, TeamInput } from '@shared/contract/teams';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LimitNote } from '@/components/ui/limit-note';
import { Spinner } from '@/components/ui/spinner';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useToast } from '@/components/ui/use-toast';
import { paths, teamPath } from '@/config/paths';
import { useTeams } from '@/lib/api/get-teams';
import { errorMessage } from '@/lib/api-client';
import { setCurrentWorkspace, useCurrentWorkspaceId } from '@/lib/current-workspace';
import { schemaRule } from '@/lib/form-rules';
import { useSession } from '@/lib/session';
import { useCreateTeam } from '../api/create-team';
import { FALLBACK, ROLE_LABELS } from './roles';
import './teams.css';

/** The team name as POST /teams takes it, with the contract's own messages. */
export const teamNameRule = schemaRule(TeamInput.shape.name);

/** /teams: the caller's teams, each with their role, settings and 'Open workspace'; and 'Create team'. */
export function TeamsPage() {
  return (
    <div className="teams-page">
      <TeamList />
      <CreateTeam />
    </div>
  );
}

function TeamList() {
  const teams = useTeams();
  const current = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const open = async (id: string) => {
    setCurrentWorkspace(id);
    await navigate(paths.prompts);
  };

  return (
    <section className="teams-card" aria-labelledby="teams-list-title">
      <h2 id="teams-list-title" className="teams-card__title">
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
    </section>
  );
}

function CreateTeam() {
  const { user } = useSession();
  const create = useCreateTeam();
  const { toast } = useToast();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({ defaultValues: { name: '' } });
  const failed = create.isError;
  useFocusOnFailure(failed, setFocus, 'name');

  const submit = handleSubmit(({ name }) =>
    create.mutate(name.trim(), {
      onSuccess: (team) => {
        toast({ title: `Team “${team.name}” created. Invite your teammates.`, variant: 'success' });
        void navigate(teamPath(team.id));
      },
    }),
  );

  return (
    <section className="teams-card" aria-labelledby="teams-create-title">
      <h2 id="teams-create-title" className="teams-card__title">
        Create team
      </h2>
      {user?.access_tier === 'free' ? (
        <LimitNote id="teams-plan-note">
          Teams come with the Pro and Elite plans. The plan of the person who creates a team covers it; the people they invite need none.
        </LimitNote>
      ) : (
        <>
          <p className="teams-card__intro">You become its owner. Its members use the team's workspace with the role you give them.</p>
          <form className="teams-form" onSubmit={(event) => void submit(event)} noValidate>
            <Field id="team-create-name" label="Team name" error={errors.name?.message ?? (failed ? errorMessage(create.error, FALLBACK) : null)}>
              <Input maxLength={TEAM_NAME_MAX} placeholder="e.g. Marketing" {...register('name', { validate: teamNameRule })} />
            </Field>
            <Button type="submit" loading={create.isPending}>
              Create team
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
