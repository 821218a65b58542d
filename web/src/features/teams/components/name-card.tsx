import { useForm } from 'react-hook-form';
import { TEAM_NAME_MAX, type Team } from '@shared/contract/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRenameTeam } from '../api/rename-team';
import { FALLBACK, ROLE_HINTS, ROLE_LABELS } from '../utils/roles';
import { teamNameRule } from '../utils/team-name-rule';
import './teams.css';

export function NameCard({ team }: { team: Team }) {
  const rename = useRenameTeam(team.id);
  const { toast } = useToast();
  const {
    register,
    handleSubmit,
    setFocus,
    reset,
    formState: { errors, isDirty },
  } = useForm({ defaultValues: { name: team.name } });
  const failed = rename.isError;
  useFocusOnFailure(failed, setFocus, 'name');
  const submit = handleSubmit(({ name }) =>
    rename.mutate(name.trim(), {
      onSuccess: () => {
        reset({ name: name.trim() });
        toast({ title: 'Team renamed', variant: 'success' });
      },
    }),
  );

  return (
    <Card className="teams-card" aria-labelledby="team-name-title">
      <h2 id="team-name-title" className="card__title">
        {team.name}
      </h2>
      <p className="teams-card__intro">
        Your role: <Badge variant={team.role === 'owner' ? 'accent' : 'neutral'}>{ROLE_LABELS[team.role]}</Badge> — {ROLE_HINTS[team.role]}.
      </p>
      {team.role === 'owner' ? (
        <form className="teams-form" onSubmit={(event) => void submit(event)} noValidate>
          <Field id="team-rename" label="Team name" error={errors.name?.message ?? (failed ? errorMessage(rename.error, FALLBACK) : null)}>
            <Input maxLength={TEAM_NAME_MAX} {...register('name', { validate: teamNameRule })} />
          </Field>
          <Button type="submit" variant="secondary" loading={rename.isPending} disabled={!isDirty}>
            Rename
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
