import { MailOpen } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconTile } from '@/components/ui/icon-tile';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { setCurrentWorkspace } from '@/lib/current-workspace';
import { useSession } from '@/lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { formatDate } from '../utils/format';
import { ROLE_HINTS, ROLE_LABELS } from '../utils/roles';
import { InvitationProblem } from './invitation-problem';
import './teams.css';

/**
 * /invites/:token, the link of an invitation mail: the team, the role and the address, and Accept,
 * which joins the team and opens its workspace. A used, expired or withdrawn link, one for another
 * address, or one for a team the person is already in shows the server's reason.
 */
export function InvitePage({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user } = useSession();

  if (invitation.isPending) {
    return (
      <div className="teams-center">
        <Spinner label="Loading the invitation" />
      </div>
    );
  }
  if (invitation.isError) return <InvitationProblem error={invitation.error} />;

  const { team, role, email, expires_at } = invitation.data;
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: async () => {
        setCurrentWorkspace(team.id);
        toast({ title: `You joined ${team.name}`, description: `You are in its workspace as ${ROLE_LABELS[role].toLowerCase()}.`, variant: 'success' });
        await navigate(paths.prompts);
      },
    });
  const alreadyMember = accept.error instanceof ApiError && accept.error.status === 409;
  return (
    <Card className="teams-card teams-invitation" aria-labelledby="invite-title">
      <IconTile aria-hidden="true">
        <MailOpen />
      </IconTile>
      <h2 id="invite-title" className="card__title">
        {team.name} invites you as {ROLE_LABELS[role].toLowerCase()}
      </h2>
      <p className="teams-card__intro">
        As {ROLE_LABELS[role].toLowerCase()} you {ROLE_HINTS[role].replace(/^changes/, 'change').replace(/^reads/, 'read')} in the team's shared workspace. The
        invitation is for {email} and works until {formatDate(expires_at)}.
      </p>
      {accept.isError ? <Alert icon={false}>{errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}</Alert> : null}
      <div className="teams-row__actions">
        {alreadyMember ? (
          <Button
            onClick={() => {
              setCurrentWorkspace(team.id);
              void navigate(paths.prompts);
            }}
          >
            Open workspace
          </Button>
        ) : (
          <Button onClick={join} loading={accept.isPending} disabled={accept.isSuccess}>
            Accept invitation
          </Button>
        )}
        <Link to={paths.teams} className={buttonClassName({ variant: 'ghost' })}>
          Not now
        </Link>
      </div>
      {user && user.email.toLowerCase() !== email.toLowerCase() ? (
        <p className="teams-muted">
          You are signed in as {user.email}. Sign in with {email} to accept it.
        </p>
      ) : null}
    </Card>
  );
}
