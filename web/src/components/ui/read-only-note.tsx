import { Eye } from 'lucide-react';
import { cx } from './cx';

/** Why the controls that change a workspace are withheld here (a team's viewer), shown where they would be (styles in base.css). */
export function ReadOnlyNote({ id, className, children }: { id?: string; className?: string; children: string }) {
  return (
    <p id={id} className={cx('read-only-note', className)} role="note">
      <Eye aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
