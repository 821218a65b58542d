import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useForgetTeam } from './use-forget-team';

/** After leaving or deleting a team: out of its workspace, on to the list, then the team forgotten (not shown as missing first). */
export function useLeaveTeamPage(teamId: string) {
  const { leaveWorkspace, forget } = useForgetTeam(teamId);
  const navigate = useNavigate();
  return async () => {
    leaveWorkspace();
    await navigate(paths.teams);
    await forget();
  };
}
