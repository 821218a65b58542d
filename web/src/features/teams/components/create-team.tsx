import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { TEAM_NAME_MAX } from '@shared/contract/teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LimitNote } from '@/components/ui/limit-note';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useToast } from '@/components/ui/use-toast';
import { teamPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCreateTeam } from '../api/create-team';
import { FALLBACK } from '../utils/roles';
import { teamNameRule } from '../utils/team-name-rule';
import './teams.css';

export function CreateTeam() {
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
    <Card className="teams-card" aria-labelledby="teams-create-title">
      <h2 id="teams-create-title" className="card__title">
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
    </Card>
  );
}
