import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import './teams.css';

/** The team is not one of the caller's (never was, was deleted, or they were removed). */
export function TeamNotFound() {
  return (
    <Card className="teams-card" aria-labelledby="team-missing-title">
      <h2 id="team-missing-title" className="card__title">
        Team not found
      </h2>
      <p className="teams-card__intro">This team does not exist, or you are not one of its members.</p>
      <div>
        <Link to={paths.teams} className={buttonClassName({ variant: 'secondary' })}>
          Back to your teams
        </Link>
      </div>
    </Card>
  );
}
