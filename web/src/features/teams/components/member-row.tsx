import { LogOut, Trash2 } from 'lucide-react';
import { type Member, TEAM_ROLES, type Team } from '@shared/contract/teams';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLeaveTeam, useRemoveMember } from '../api/remove-member';
import { useSetRole } from '../api/set-role';
import { useLeaveTeamPage } from '../hooks/use-leave-team-page';
import { ROLE_LABELS } from '../utils/roles';
import './teams.css';

export function MemberRow({ team, member, self, manage }: { team: Team; member: Member; self: boolean; manage: boolean }) {
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
