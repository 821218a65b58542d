import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { ADMIN_PAGE_MAX, NEXT_CURSOR_HEADER } from '@shared/contract/admin';
import { apiPage } from '@/lib/api-client';

/**
 * The admin lists are paged (docs/architecture.md, "Bounded answers"): each answer is a page of
 * rows with the next page's cursor in a header. A list is an infinite query per search text
 * (the server searches every row, not only the loaded ones); 'Load more' fetches the next page.
 */
export interface RowsPage<T> {
  rows: T[];
  next: string | null;
}
export type PagedRows<T> = InfiniteData<RowsPage<T>, string | null>;

export function pagedListOptions<T>(key: QueryKey, path: string, schema: z.ZodMiniType<T[]>, search: string) {
  const text = search.trim();
  return infiniteQueryOptions({
    queryKey: [...key, text],
    queryFn: ({ pageParam, signal }): Promise<RowsPage<T>> =>
      apiPage(path, NEXT_CURSOR_HEADER, { schema, signal, query: { limit: ADMIN_PAGE_MAX, cursor: pageParam, search: text || undefined } }) as Promise<
        RowsPage<T>
      >,
    initialPageParam: null as string | null,
    getNextPageParam: (last: RowsPage<T>) => last.next,
    // A new search keeps the rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
    select: (data: PagedRows<T>) => data.pages.flatMap((page) => page.rows),
  });
}

/** Changes the rows of every loaded search of a list at once (after a save or a delete). */
export function updateRows<T>(queryClient: QueryClient, key: QueryKey, change: (rows: T[]) => T[]) {
  queryClient.setQueriesData<PagedRows<T>>(
    { queryKey: key },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, rows: change(page.rows) })) },
  );
}
