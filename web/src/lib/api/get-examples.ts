import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExampleList } from '@shared/contract/suite';
import { apiEveryPage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/** GET /prompts/{id}/examples: every example of a prompt, oldest first (every page). */
export function getExamples(id: string, workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiEveryPage(`/prompts/${encodeURIComponent(id)}/examples`, { schema: ExampleList, workspace, signal }, (all, page) => ({
    examples: [...all.examples, ...page.examples],
  })).then((list) => list.examples);
}

export function examplesQueryOptions(id: string, workspace: WorkspaceId) {
  return queryOptions({ queryKey: queryKeys.suite.examples(workspace, id), queryFn: ({ signal }) => getExamples(id, workspace, { signal }) });
}

/** A prompt's examples: the Evaluate page lists them, the editor counts those a new version breaks. */
export function useExamples(id: string | undefined) {
  const workspace = useCurrentWorkspaceId();
  return useQuery({ ...examplesQueryOptions(id ?? '', workspace), enabled: Boolean(id) });
}
