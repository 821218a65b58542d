import { useForm } from 'react-hook-form';
import { INVITE_ROLES, type Team } from '@shared/contract/teams';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { emailRule } from '@/lib/form-rules';
import { useInvites } from '../api/get-invites';
import { useInvite } from '../api/invite-member';
import { useWithdrawInvite } from '../api/withdraw-invite';
import { formatDate } from '../utils/format';
import { FALLBACK, ROLE_LABELS } from '../utils/roles';
import './teams.css';

interface InviteValues {
  email: string;
  role: (typeof INVITE_ROLES)[number];
}

export function InvitesCard({ team }: { team: Team }) {
  const invites = useInvites(team.id);
  const invite = useInvite(team.id);
  const withdraw = useWithdrawInvite(team.id);
  const { toast } = useToast();
  const form = useForm<InviteValues>({ defaultValues: { email: '', role: 'editor' }, reValidateMode: 'onSubmit' });
  const { register, handleSubmit, reset } = form;
  const failed = invite.isError;
  useFocusOnFailure(failed, form.setFocus, 'email');
  const submit = handleSubmit(({ email, role }) =>
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({ title: `Invitation sent to ${email.trim()}`, variant: 'success' });
          reset({ email: '', role });
        },
      },
    ),
  );

  return (
    <Card className="teams-card" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title" className="card__title">
        Invitations
      </h2>
      <p className="teams-card__intro">We email a link that works once, for 7 days. Make someone an owner by changing their role once they joined.</p>
      <form className="teams-form" onSubmit={(event) => void submit(event)} noValidate>
        {failed ? <Alert icon={false}>{errorMessage(invite.error, FALLBACK)}</Alert> : null}
        <Field id="team-invite-email" label="Email" error={form.formState.errors.email?.message}>
          <EmailInput placeholder="teammate@example.com" {...register('email', { validate: emailRule })} />
        </Field>
        <Field id="team-invite-role" label="Role" className="teams-form__role">
          <Select {...register('role')}>
            {INVITE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </form>
      {invites.isError ? <Alert>{errorMessage(invites.error, 'The invitations could not be loaded.')}</Alert> : null}
      {invites.data?.length === 0 ? <p className="teams-muted">No pending invitations.</p> : null}
      {invites.data && invites.data.length > 0 ? (
        <ul className="teams-list" aria-label="Pending invitations">
          {invites.data.map((pending) => (
            <li key={pending.id} className="teams-row">
              <div className="teams-row__main">
                <p className="teams-row__name">{pending.email}</p>
                <p className="teams-row__meta">
                  {ROLE_LABELS[pending.role]} · expires {formatDate(pending.expires_at)}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Withdraw the invitation of ${pending.email}`}
                loading={withdraw.isPending && withdraw.variables === pending.id}
                onClick={() =>
                  withdraw.mutate(pending.id, {
                    onSuccess: () => toast({ title: 'Invitation withdrawn', variant: 'success' }),
                    onError: (error) => toast({ title: errorMessage(error, 'The invitation could not be withdrawn.'), variant: 'error' }),
                  })
                }
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
