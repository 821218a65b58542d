import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE, LibraryPage, type LibrarySort } from '@shared/contract/library';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the library page asks for; the filter state of the URL (see use-library-params). */
export interface LibraryPromptsParams {
  search: string;
  category: string | null;
  tasks: string[];
  industries: string[];
  page: number;
  /** relevance (the default), popular, newest or title (A–Z): the server orders before it pages. */
  sort: LibrarySort;
  /** Only prompts the user's plan opens. */
  available: boolean;
}

/** Canonical parameters: trimmed search, sorted tag lists (so equal filters share a cache entry). */
function normalise(params: LibraryPromptsParams): LibraryPromptsParams {
  return {
    search: params.search.trim(),
    category: params.category || null,
    tasks: [...params.tasks].sort(),
    industries: [...params.industries].sort(),
    page: Math.max(1, Math.floor(params.page) || 1),
    sort: params.sort,
    available: params.available,
  };
}

/**
 * GET /library/prompts with paging and filters: one page of 12, the totals, the featured elite
 * prompts and the tasks still available under the other filters. Always sends page and page_size,
 * so the answer is a page (without any parameter the API returns the plain list).
 */
export function getLibraryPrompts(params: LibraryPromptsParams, { signal }: { signal?: AbortSignal } = {}) {
  const p = normalise(params);
  return apiRequest('/library/prompts', {
    schema: LibraryPage,
    signal,
    query: {
      search: p.search || undefined,
      category: p.category ?? undefined,
      tasks: p.tasks.length ? p.tasks.join(',') : undefined,
      industries: p.industries.length ? p.industries.join(',') : undefined,
      page: p.page,
      page_size: LIBRARY_PAGE_SIZE,
      sort: p.sort === 'relevance' ? undefined : p.sort,
      available: p.available ? 'true' : undefined,
    },
  });
}

export function libraryPromptsQueryOptions(params: LibraryPromptsParams) {
  const p = normalise(params);
  return queryOptions({
    queryKey: queryKeys.library.prompts(p),
    queryFn: ({ signal }) => getLibraryPrompts(p, { signal }),
    // Keep the current page on screen while the next one loads (paging, filtering).
    placeholderData: keepPreviousData,
  });
}

export function useLibraryPrompts(params: LibraryPromptsParams) {
  return useQuery(libraryPromptsQueryOptions(params));
}
