import { Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { teamPath } from '@/config/paths';
import { useCurrentTeam } from '@/lib/api/get-teams';

const ROLE_LINES = {
  owner: 'You are an owner.',
  editor: 'You are an editor.',
  viewer: 'You are a viewer: you can read, copy and run its prompts. An owner can make you an editor.',
} as const;

/** The team's name over every page of its workspace, the caller's role in it, and its settings. */
export function TeamBanner() {
  const team = useCurrentTeam();
  if (!team) return null;
  return (
    <div className="team-banner container">
      <p className="team-banner__text">
        <Users aria-hidden="true" className="team-banner__icon" />
        <span>
          Team workspace: <strong>{team.name}</strong>. {ROLE_LINES[team.role]}
        </span>
      </p>
      <Link to={teamPath(team.id)} className="team-banner__link">
        Team settings
      </Link>
    </div>
  );
}
