import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconTile } from '@/components/ui/icon-tile';
import './library.css';

/** Nothing matches the search and filters. */
export function LibraryEmpty({ onClearAll }: { onClearAll: () => void }) {
  return (
    <section className="lib-state">
      <IconTile size="lg">
        <SearchX aria-hidden="true" />
      </IconTile>
      <h3 className="lib-state__title">No Prompts Found</h3>
      <p className="lib-state__text">No library prompts match your search and filters.</p>
      <Button variant="secondary" onClick={onClearAll}>
        Clear all filters
      </Button>
    </section>
  );
}
