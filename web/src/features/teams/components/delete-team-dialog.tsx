import { useForm } from 'react-hook-form';
import type { Team } from '@shared/contract/teams';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTeam } from '../api/delete-team';
import { useLeaveTeamPage } from '../hooks/use-leave-team-page';
import { FALLBACK } from '../utils/roles';
import './teams.css';

/** Typed confirmation: Delete is enabled only once the team's name is typed. */
export function DeleteTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { register, handleSubmit, watch } = useForm({ defaultValues: { typed: '' } });
  const remove = useDeleteTeam(team.id);
  const leavePage = useLeaveTeamPage(team.id);
  const { toast } = useToast();
  const matches = watch('typed').trim() === team.name;
  const submit = handleSubmit(() => {
    if (!matches) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: `Team “${team.name}” deleted`, variant: 'success' });
        void leavePage();
      },
    });
  });
  return (
    <ModalDialog
      title={`Delete ${team.name}?`}
      description="This cannot be undone. Every member loses the team's workspace at once."
      busy={remove.isPending}
      onClose={onClose}
    >
      <form className="teams-dialog-form" onSubmit={(event) => void submit(event)}>
        {remove.isError ? <Alert icon={false}>{errorMessage(remove.error, FALLBACK)}</Alert> : null}
        <Field id="team-delete-confirm" label={<>Type {team.name} to confirm</>}>
          <Input autoComplete="off" {...register('typed')} />
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches} loading={remove.isPending}>
            Delete team
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
