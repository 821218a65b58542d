import { useQuery } from '@tanstack/react-query';
import { Ratings } from '@shared/contract/compare';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** GET /prompts/{id}/votes: blind-vote win rates and ratings (95% intervals) per version and per model (History, Stats). */
export function useRatings(id: string) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.scores.votes(workspace, id),
    queryFn: ({ signal }) => apiRequest(`/prompts/${encodeURIComponent(id)}/votes`, { schema: Ratings, workspace, signal }),
  });
}
