import { useQuery } from '@tanstack/react-query';
import { CheckList } from '@shared/contract/suite';
import { apiRequest } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys } from '@/lib/query-keys';

/** GET /prompts/{id}/checks: what every answer of an evaluation must pass. */
export function useChecks(id: string) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({
    queryKey: queryKeys.suite.checks(workspace, id),
    queryFn: ({ signal }) => apiRequest(`/prompts/${encodeURIComponent(id)}/checks`, { schema: CheckList, workspace, signal }).then((list) => list.checks),
  });
}
