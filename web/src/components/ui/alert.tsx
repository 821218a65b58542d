import type { ComponentProps, ReactNode } from 'react';
import { CircleAlert, Info } from 'lucide-react';
import { cx } from './cx';
import './alert.css';

export type AlertVariant = 'error' | 'info';

export interface AlertProps extends Omit<ComponentProps<'div'>, 'role'> {
  variant?: AlertVariant;
  /** Extra content at the end of the banner (a Retry button, a link). */
  action?: ReactNode;
}

/**
 * A banner for page- or form-level messages. Errors use role="alert" (announced at once), other
 * notes role="status". The message text stays in its own element so it reads on its own.
 */
export function Alert({ variant = 'error', action, className, children, ...rest }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlert : Info;
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cx('alert', `alert--${variant}`, className)} {...rest}>
      <Icon className="alert__icon" aria-hidden="true" />
      <div className="alert__message">{children}</div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
