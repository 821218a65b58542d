import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import './admin-table.css';

export interface MoreRows {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The rows of the previous search, shown while this one's first page loads. */
  isPlaceholderData: boolean;
}

/**
 * Below a paged table: loads the next page of rows while there is one. A search may answer a page
 * without a match (the server reads a bounded part of the list per answer): then the next page is
 * asked for at once, so 'No … match' only shows once the whole list was searched.
 */
export function LoadMore({ more, noun, empty }: { more: MoreRows; noun: string; empty: boolean }) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = more;
  useEffect(() => {
    if (empty && hasNextPage && !isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [empty, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <div className="admin-load-more">
      <Button variant="secondary" size="sm" loading={more.isFetchingNextPage} onClick={() => void more.fetchNextPage()} aria-label={`Load more ${noun}`}>
        Load more
      </Button>
    </div>
  );
}
