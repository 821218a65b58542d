import { useQuery } from '@tanstack/react-query';
import { Evaluation, EvaluationResults } from '@shared/contract/evaluations';
import { apiEveryPage, apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** The grid fills live: both reads are repeated this often while the evaluation is queued or running. */
const POLL_MS = 1_000;
const isActive = (status: string | undefined) => status === 'queued' || status === 'running';

/** GET /prompts/{id}/evaluations/{evaluation_id}: status, progress and each column's counters. */
export function useEvaluation(id: string, evaluationId: string) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.suite.evaluation(workspace, id, evaluationId),
    queryFn: ({ signal }) =>
      apiRequest(`/prompts/${encodeURIComponent(id)}/evaluations/${encodeURIComponent(evaluationId)}`, { schema: Evaluation, workspace, signal }),
    refetchInterval: (query) => (isActive(query.state.data?.status) ? POLL_MS : false),
  });
}

/**
 * GET …/results (every page): the cells written so far; read again while the evaluation runs, and
 * until it holds the `done` cells its header counts (the last cells land just before it finishes).
 */
export function useEvaluationResults(id: string, evaluationId: string, { running, done }: { running: boolean; done: number }) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.suite.results(workspace, id, evaluationId),
    queryFn: ({ signal }) =>
      apiEveryPage(
        `/prompts/${encodeURIComponent(id)}/evaluations/${encodeURIComponent(evaluationId)}/results`,
        { schema: EvaluationResults, workspace, signal },
        (all, page) => ({ results: [...all.results, ...page.results] }),
      ).then((page) => page.results),
    refetchInterval: (query) => (running || (query.state.data?.length ?? 0) < done ? POLL_MS : false),
  });
}
