import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import './teams.css';

export function InvitationProblem({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  const title = status === 403 ? 'This invitation is for someone else' : status === 409 ? 'You are already in this team' : 'This invitation cannot be used';
  return (
    <Card className="teams-card teams-invitation" aria-labelledby="invite-problem-title">
      <h2 id="invite-problem-title" className="card__title">
        {title}
      </h2>
      <Alert icon={false}>{errorMessage(error, 'The invitation could not be loaded. Please try again.')}</Alert>
      <div>
        <Link to={paths.teams} className={buttonClassName({ variant: 'secondary' })}>
          Go to your teams
        </Link>
      </div>
    </Card>
  );
}
