import { Star } from 'lucide-react';
import type { LibraryRatingSummary } from '@shared/contract/library';
import { cx } from '@/components/ui/cx';
import { ratingsLabel } from '../utils/format';
import './rating.css';

/**
 * A library prompt's stars as cards and its page show them: the average out of 5 and how many
 * rated it, and when those ratings are of an earlier version of the prompt. Nothing before anyone rated.
 */
export function RatingSummary({ rating, as: Tag = 'p', className }: { rating: LibraryRatingSummary | null; as?: 'p' | 'li'; className?: string }) {
  if (!rating) return null;
  return (
    <Tag className={cx('lib-rating', className)}>
      <Star aria-hidden="true" className="lib-rating__star" />
      <span>
        {rating.average.toFixed(1)}
        <span className="visually-hidden"> out of 5</span> ({ratingsLabel(rating.count)})
      </span>
      {rating.older_version ? <span className="lib-rating__older">for an earlier version</span> : null}
    </Tag>
  );
}
