import { LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { INVITE_ROLES, type Member, TEAM_NAME_MAX, TEAM_ROLES, type Team } from '@shared/contract/teams';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { DialogFooter, ModalDialog } from '@/components/ui/dialog';
import { EmailInput } from '@/components/ui/email-input';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useTeams } from '@/lib/api/get-teams';
import { ApiError, errorMessage } from '@/lib/api-client';
import { emailRule } from '@/lib/form-rules';
import { useSession } from '@/lib/session';
import { useDeleteTeam } from '../api/delete-team';
import { useInvites } from '../api/get-invites';
import { useMembers } from '../api/get-members';
import { useInvite } from '../api/invite-member';
import { useLeaveTeam, useRemoveMember } from '../api/remove-member';
import { useRenameTeam } from '../api/rename-team';
import { useSetRole } from '../api/set-role';
import { useWithdrawInvite } from '../api/withdraw-invite';
import { useForgetTeam } from '../hooks/use-forget-team';
import { FALLBACK, ROLE_HINTS, ROLE_LABELS } from './roles';
import { teamNameRule } from './teams-page';
import './teams.css';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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

/** The team is not one of the caller's (never was, was deleted, or they were removed). */
export function TeamNotFound() {
  return (
    <section className="teams-card" aria-labelledby="team-missing-title">
      <h2 id="team-missing-title" className="teams-card__title">
        Team not found
      </h2>
      <p className="teams-card__intro">This team does not exist, or you are not one of its members.</p>
      <div>
        <Link to={paths.teams} className={buttonClassName({ variant: 'secondary' })}>
          Back to your teams
        </Link>
      </div>
    </section>
  );
}

function NameCard({ team }: { team: Team }) {
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
    <section className="teams-card" aria-labelledby="team-name-title">
      <h2 id="team-name-title" className="teams-card__title">
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
    </section>
  );
}

/** After leaving or deleting a team: out of its workspace, on to the list, then the team forgotten (not shown as missing first). */
function useLeaveTeamPage(teamId: string) {
  const { leaveWorkspace, forget } = useForgetTeam(teamId);
  const navigate = useNavigate();
  return async () => {
    leaveWorkspace();
    await navigate(paths.teams);
    await forget();
  };
}

function MembersCard({ team }: { team: Team }) {
  const members = useMembers(team.id);
  const { user } = useSession();
  const owner = team.role === 'owner';
  return (
    <section className="teams-card" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="teams-card__title">
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
    </section>
  );
}

function MemberRow({ team, member, self, manage }: { team: Team; member: Member; self: boolean; manage: boolean }) {
  const setRole = useSetRole(team.id);
  const remove = useRemoveMember(team.id);
  const leaving = useLeaveTeam(team.id, member.user_id);
  const { confirm } = useDialogs();
  const { toast } = useToast();
  const leavePage = useLeaveTeamPage(team.id);
  const who = member.name || member.email;
  const fail = (fallback: string) => (error: unknown) => toast({ title: errorMessage(error, fallback), variant: 'error' });

  const changeRole = (role: Member['role']) =>
    setRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => toast({ title: `${who} is now ${ROLE_LABELS[role].toLowerCase()}`, variant: 'success' }),
        onError: fail('The role could not be changed.'),
      },
    );
  const removeMember = async () => {
    const ok = await confirm(`${who} loses access to the team's workspace at once.`, { title: `Remove ${who}?`, confirmLabel: 'Remove', danger: true });
    if (ok)
      remove.mutate(member.user_id, {
        onSuccess: () => toast({ title: `${who} was removed`, variant: 'success' }),
        onError: fail('The member could not be removed.'),
      });
  };
  const leave = async () => {
    const ok = await confirm(`You lose access to the team's workspace. Only a new invitation brings you back.`, {
      title: `Leave ${team.name}?`,
      confirmLabel: 'Leave team',
      danger: true,
    });
    if (ok)
      leaving.mutate(undefined, {
        onSuccess: () => {
          toast({ title: `You left ${team.name}`, variant: 'success' });
          void leavePage();
        },
        onError: fail('You could not leave the team.'),
      });
  };

  const shownRole = setRole.isPending ? setRole.variables.role : member.role;
  return (
    <li className="teams-row">
      <div className="teams-row__main">
        <p className="teams-row__name">
          {member.name || member.email}
          {self ? <Badge>You</Badge> : null}
        </p>
        <p className="teams-row__meta">{member.email}</p>
      </div>
      <div className="teams-row__actions">
        {manage && !self ? (
          <>
            <Select
              aria-label={`Role of ${who}`}
              value={shownRole}
              disabled={setRole.isPending}
              onChange={(event) => changeRole(event.target.value as Member['role'])}
            >
              {TEAM_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
            <IconButton
              label={`Remove ${who}`}
              title="Remove"
              variant="danger"
              icon={<Trash2 />}
              loading={remove.isPending}
              onClick={() => void removeMember()}
            />
          </>
        ) : (
          <Badge variant={member.role === 'owner' ? 'accent' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>
        )}
        {self ? (
          <Button size="sm" variant="ghost" icon={<LogOut aria-hidden="true" />} loading={leaving.isPending} onClick={() => void leave()}>
            Leave team
          </Button>
        ) : null}
      </div>
    </li>
  );
}

interface InviteValues {
  email: string;
  role: (typeof INVITE_ROLES)[number];
}

function InvitesCard({ team }: { team: Team }) {
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
    <section className="teams-card" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title" className="teams-card__title">
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
    </section>
  );
}

function DeleteCard({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="teams-card teams-danger" aria-labelledby="team-delete-title">
      <h2 id="team-delete-title" className="teams-card__title">
        Delete team
      </h2>
      <p className="teams-card__intro">
        Deletes the team's whole workspace for every member: its prompts and their history, categories, snippets and share links.
      </p>
      <div>
        <Button variant="danger" icon={<Trash2 aria-hidden="true" />} onClick={() => setOpen(true)}>
          Delete team
        </Button>
      </div>
      {open ? <DeleteTeamDialog team={team} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

/** Typed confirmation: Delete is enabled only once the team's name is typed. */
function DeleteTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
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
