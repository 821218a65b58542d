import { useEffect } from 'react';
import { Select } from '@/components/ui/select';
import { useTeams } from '@/lib/api/get-teams';
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
