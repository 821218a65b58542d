import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { messages } from '../utils/format';

/** Prev / 'Page X of Y' / Next; rendered only when there is more than one page. */
export function LibraryPagination({ page, totalPages, onPageChange }: { page: number; totalPages: number; onPageChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="lib-pager" aria-label="Pagination">
      <Button variant="secondary" size="sm" icon={<ChevronLeft aria-hidden="true" />} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Prev
      </Button>
      <p className="lib-pager__status" aria-live="polite">
        {messages.pageOf(page, totalPages)}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
