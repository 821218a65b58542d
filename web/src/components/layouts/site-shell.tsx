import type { ComponentProps, ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import './site-shell.css';

export interface SiteShellProps extends Omit<ComponentProps<'div'>, 'children'> {
  header: ReactNode;
  footer?: ReactNode;
  /** Lets script move focus to the main landmark (tabIndex -1). */
  focusableMain?: boolean;
  children: ReactNode;
}

/**
 * The frame of a page with the site's header: 'Skip to content', the header, the main landmark
 * (#main, the skip link's target) and an optional footer.
 */
export function SiteShell({ header, footer, focusableMain = false, className, children, ...rest }: SiteShellProps) {
  return (
    <div className={cx('site-shell', className)} {...rest}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main" className="site-shell__main" tabIndex={focusableMain ? -1 : undefined}>
        {children}
      </main>
      {footer}
    </div>
  );
}
