import { queryOptions, useQuery } from '@tanstack/react-query';
import { PromptList } from '@shared/contract/prompts';
import type { Tier } from '@shared/tiers';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { apiEveryPage } from '@/lib/api-client';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { queryKeys, type WorkspaceId } from '@/lib/query-keys';
import { usageLimitNote } from '@/lib/tiers';

/**
 * GET /prompts/: a workspace's prompts (newest first, every page) and the tasks/industries they
 * use. More than one feature reads it: My Prompts lists it, the library marks what is already
 * saved from it, and adding a prompt anywhere is held at the plan's limit by its count.
 */
export function getPrompts(workspace: WorkspaceId, { signal }: { signal?: AbortSignal } = {}) {
  return apiEveryPage('/prompts/', { schema: PromptList, workspace, signal }, (all, page) => ({
    prompts: [...all.prompts, ...page.prompts],
    filters: page.filters,
  }));
}

export function promptsQueryOptions(workspace: WorkspaceId) {
  return queryOptions({
    queryKey: queryKeys.prompts.list(workspace),
    queryFn: ({ signal }) => getPrompts(workspace, { signal }),
  });
}

/** The current workspace's prompts. */
export function usePrompts() {
  return useQuery(promptsQueryOptions(useCurrentWorkspaceId()));
}

const libraryOrigins = (list: PromptList) => new Set(list.prompts.flatMap((p) => (p.forked_from ? [p.forked_from] : [])));

/** Ids of the library prompts the workspace already holds a copy of (their copies' fork lineage), from the same list My Prompts shows. */
export function useSavedLibraryIds(): ReadonlySet<string> | undefined {
  return useQuery({ ...promptsQueryOptions(useCurrentWorkspaceId()), select: libraryOrigins }).data;
}

const promptCount = (list: PromptList) => list.prompts.length;

/**
 * Why adding a prompt (Save, Fork, Save to My Prompts, Fork into My Prompts) is held before the
 * request: the plan's max_prompts reached, from the same list My Prompts shows (usageLimitNote).
 * null while there is room or the count is unknown; `enabled: false` for a visitor without a session.
 */
export function usePromptLimitNote(tier: Tier | null | undefined, { enabled = true }: { enabled?: boolean } = {}): string | null {
  const workspace = useCurrentWorkspaceId();
  const readOnly = useReadOnlyReason();
  const count = useQuery({ ...promptsQueryOptions(workspace), select: promptCount, enabled }).data;
  // A team's viewer adds no prompt to it (Fork, Save as template, Save to My Prompts): held with the reason.
  if (readOnly && enabled) return readOnly;
  // A team's limits follow its creator's plan, which the page does not know: there the server's 403 says it.
  return usageLimitNote(tier, 'max_prompts', enabled && workspace === null ? count : undefined);
}
