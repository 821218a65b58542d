import { useQuery } from '@tanstack/react-query';
import { PromptStats } from '@shared/contract/stats';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';
import type { StatsRange } from '../utils/stats-format';

/** GET /prompts/{id}/stats over a window ending now. */
export function useStats(id: string, range: StatsRange) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.scores.stats(workspace, id, { days: range.days, granularity: range.granularity }),
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - range.days * 86_400_000);
      return apiRequest(`/prompts/${encodeURIComponent(id)}/stats`, {
        schema: PromptStats,
        workspace,
        signal,
        query: { from: from.toISOString(), to: to.toISOString(), granularity: range.granularity },
      });
    },
  });
}
