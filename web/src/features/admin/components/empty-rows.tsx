import { SearchX } from 'lucide-react';
import './admin-table.css';

/** The body of a table with no rows: nothing matches the search, or there is nothing yet. */
export function EmptyRows({ query, noun, emptyText }: { query: string; noun: string; emptyText: string }) {
  const searching = query.trim() !== '';
  return (
    <div className="admin-empty">
      <SearchX className="admin-empty__icon" aria-hidden="true" />
      <p>{searching ? `No ${noun} match “${query.trim()}”.` : emptyText}</p>
    </div>
  );
}
