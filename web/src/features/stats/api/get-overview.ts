import { useQuery } from '@tanstack/react-query';
import { WorkspaceStats } from '@shared/contract/stats';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';
import type { StatsRange } from '../utils/stats-format';

/** GET /stats: the current workspace's overview over a window ending now. */
export function useOverview(range: StatsRange) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.scores.overview(workspace, { days: range.days, granularity: range.granularity }),
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - range.days * 86_400_000);
      return apiRequest('/stats', {
        schema: WorkspaceStats,
        workspace,
        signal,
        query: { from: from.toISOString(), to: to.toISOString(), granularity: range.granularity },
      });
    },
  });
}
