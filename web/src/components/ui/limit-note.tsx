import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { VIEWER_READ_ONLY } from '@/lib/current-workspace';
import { cx } from './cx';
import { ReadOnlyNote } from './read-only-note';

/**
 * Why an action is held at the plan's limit, shown beside it with a link to the plans (styles in
 * base.css). The held control names it with aria-describedby={id}. A team viewer's hold is no
 * matter of plans: it is told as such.
 */
export function LimitNote({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  if (children === VIEWER_READ_ONLY)
    return (
      <ReadOnlyNote id={id} className={className}>
        {VIEWER_READ_ONLY}
      </ReadOnlyNote>
    );
  return (
    <p id={id} className={cx('limit-note', className)}>
      {children} <Link to={paths.pricing}>See plans</Link>
    </p>
  );
}
