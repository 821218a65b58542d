import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import type { LibraryLayout } from '../hooks/use-library-params';
import './library-card.css';
import './library.css';

/** Placeholder cards while the first page loads. */
export function LibrarySkeleton({ layout, count = 6 }: { layout: LibraryLayout; count?: number }) {
  return (
    <div role="status" className="lib-skeleton-wrap">
      <span className="visually-hidden">Loading the Prompt Library...</span>
      <div className={cx('lib-results', `lib-results--${layout}`)} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders: the position is all there is to tell them apart.
          <Card as="div" key={i} className={cx('lib-card', `lib-card--${layout}`, 'lib-card--skeleton')}>
            <span className="lib-skeleton lib-skeleton--title" />
            <span className="lib-skeleton lib-skeleton--line" />
            <span className="lib-skeleton lib-skeleton--line lib-skeleton--short" />
            <span className="lib-skeleton lib-skeleton--tags" />
          </Card>
        ))}
      </div>
    </div>
  );
}
