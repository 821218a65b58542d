import { useQuery } from '@tanstack/react-query';
import { EvaluationList } from '@shared/contract/evaluations';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

const POLL_MS = 1_500;
const active = (status: string) => status === 'queued' || status === 'running';

/** GET /prompts/{id}/evaluations: the history, newest first; polled while one of them runs. */
export function useEvaluations(id: string) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.suite.evaluations(workspace, id),
    queryFn: ({ signal }) =>
      apiRequest(`/prompts/${encodeURIComponent(id)}/evaluations`, { schema: EvaluationList, workspace, signal }).then((list) => list.evaluations),
    refetchInterval: (query) => (query.state.data?.some((e) => active(e.status)) ? POLL_MS : false),
  });
}
