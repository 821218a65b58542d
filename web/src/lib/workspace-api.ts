import { queryOptions, useQuery } from '@tanstack/react-query';
import { CategoryList, PromptList } from '@shared/contract/prompts';
import type { Tier } from '@shared/tiers';
import { apiEveryPage, apiRequest } from './api-client';
import { useCurrentWorkspaceId } from './current-workspace';
import { usageLimitNote } from './tiers';

/**
 * The user's workspace as more than one feature sees it: My Prompts lists and edits it, the
 * library and the workbench add prompts to it (and so refresh its queries), and "Save to My
 * Prompts" files a copy under one of its categories.
 */

/** Prefix of every prompt query; invalidate it after any change to the user's prompts. */
export const promptsQueryKey = ['prompts'] as const;

/** Prefix of every query on the user's categories. */
export const categoriesQueryKey = ['categories'] as const;

/** GET /categories/: the user's categories with their prompt counts, sorted by name. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/categories/', { schema: CategoryList, signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getCategories({ signal }),
  });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}

/** GET /prompts/: the user's prompts (newest first, every page) and the tasks/industries they use. */
export function getPrompts({ signal }: { signal?: AbortSignal } = {}) {
  return apiEveryPage('/prompts/', { schema: PromptList, signal }, (all, page) => ({ prompts: [...all.prompts, ...page.prompts], filters: page.filters }));
}

export function promptsQueryOptions() {
  return queryOptions({
    queryKey: [...promptsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getPrompts({ signal }),
  });
}

const libraryOrigins = (list: PromptList) => new Set(list.prompts.flatMap((p) => (p.forked_from ? [p.forked_from] : [])));

/** Ids of the library prompts the user already holds a copy of (their copies' fork lineage), from the same list My Prompts shows. */
export function useSavedLibraryIds(): ReadonlySet<string> | undefined {
  return useQuery({ ...promptsQueryOptions(), select: libraryOrigins }).data;
}

const promptCount = (list: PromptList) => list.prompts.length;

/**
 * Why adding a prompt (Save, Fork, Save to My Prompts, Fork into My Prompts) is held before the
 * request: the plan's max_prompts reached, from the same list My Prompts shows (usageLimitNote).
 * null while there is room or the count is unknown; `enabled: false` for a visitor without a session.
 */
export function usePromptLimitNote(tier: Tier | null | undefined, { enabled = true }: { enabled?: boolean } = {}): string | null {
  const count = useQuery({ ...promptsQueryOptions(), select: promptCount, enabled }).data;
  // A team's limits follow its creator's plan, which the page does not know: there the server's 403 says it.
  const inTeam = useCurrentWorkspaceId() !== null;
  return usageLimitNote(tier, 'max_prompts', enabled && !inTeam ? count : undefined);
}
