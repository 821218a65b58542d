import { RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { IconTile } from '@/components/ui/icon-tile';
import type { LibraryLayout } from '../hooks/use-library-params';
import { messages } from '../utils/format';

/** Placeholder cards while the first page loads. */
export function LibrarySkeleton({ layout, count = 6 }: { layout: LibraryLayout; count?: number }) {
  return (
    <div role="status" className="lib-skeleton-wrap">
      <span className="visually-hidden">Loading the Prompt Library...</span>
      <div className={cx('lib-results', `lib-results--${layout}`)} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={cx('lib-card', `lib-card--${layout}`, 'lib-card--skeleton')}>
            <span className="lib-skeleton lib-skeleton--title" />
            <span className="lib-skeleton lib-skeleton--line" />
            <span className="lib-skeleton lib-skeleton--line lib-skeleton--short" />
            <span className="lib-skeleton lib-skeleton--tags" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** docs/product.md, Library: the load error, with a way to try again. */
export function LibraryError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className="lib-state lib-state--error" role="alert">
      <h2 className="lib-state__title">Could Not Load Library</h2>
      <p className="lib-state__text">{messages.loadError}</p>
      <Button variant="secondary" icon={<RotateCw aria-hidden="true" />} loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

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
