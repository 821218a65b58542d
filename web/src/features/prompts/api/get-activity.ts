import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ActivityList } from '@shared/contract/activity';
import { NEXT_CURSOR_HEADER } from '@shared/routes';
import { apiPage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';

/**
 * GET /activity (the workspace's feed) or GET /prompts/{id}/activity (one prompt's): newest first,
 * 50 a page; 'Load more' follows the x-next-cursor header.
 */
export function activityQueryOptions(workspace: WorkspaceId, promptId: string | null) {
  const path = promptId ? `/prompts/${encodeURIComponent(promptId)}/activity` : '/activity';
  return infiniteQueryOptions({
    queryKey: queryKeys.activity(workspace, promptId),
    queryFn: ({ pageParam, signal }) =>
      apiPage(path, NEXT_CURSOR_HEADER, { schema: ActivityList, workspace, signal, query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: (data) => data.pages.flatMap((page) => page.rows.events),
  });
}

/** A feed of the current workspace: the whole workspace's (no prompt) or one prompt's. */
export function useActivity(promptId: string | null = null) {
  const workspace = useCurrentWorkspaceId();
  return useInfiniteQuery(activityQueryOptions(workspace, promptId));
}
