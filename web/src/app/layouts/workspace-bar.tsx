import { Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Select } from '@/components/ui/select';
import { teamPath } from '@/config/paths';
import { useCurrentTeam, useTeams } from '@/lib/api/get-teams';
import { setCurrentWorkspace, useCurrentWorkspaceId } from '@/lib/current-workspace';

/**
 * The workspace switcher in the signed-in header: Personal, then each of the caller's teams
 * (docs/product.md, "Teams"). Shown once the caller is in a team. A team they are no longer in
 * (removed, or deleted) switches back to Personal.
 */
export function WorkspaceSwitcher() {
  const { data: teams } = useTeams();
  const current = useCurrentWorkspaceId();
  const gone = teams !== undefined && current !== null && !teams.some((t) => t.id === current);
  useEffect(() => {
    if (gone) setCurrentWorkspace(null);
  }, [gone]);
  if (!teams?.length) return null;
  return (
    <Select
      className="workspace-switcher"
      aria-label="Workspace"
      value={gone ? '' : (current ?? '')}
      onChange={(e) => setCurrentWorkspace(e.target.value || null)}
    >
      <option value="">Personal</option>
      {teams.map((team) => (
        <option key={team.id} value={team.id}>
          {team.name}
        </option>
      ))}
    </Select>
  );
}

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
