import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cx } from './cx';

/**
 * Why an action is held at the plan's limit, shown beside it with a link to the plans (styles in
 * base.css). The held control names it with aria-describedby={id}.
 */
export function LimitNote({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} className={cx('limit-note', className)}>
      {children} <Link to={paths.pricing}>See plans</Link>
    </p>
  );
}
