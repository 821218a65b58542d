import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import './alert.css';

export type AlertVariant = 'error' | 'info' | 'success';

const ICONS = { error: CircleAlert, info: Info, success: CircleCheck } as const;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'role'> {
  variant?: AlertVariant;
  /** Announce at once (role="alert") even though it is not an error. */
  urgent?: boolean;
  /** Show the variant's icon (default); inline form errors go without. */
  icon?: boolean;
  /** Extra content at the end of the banner (a Retry button, a link). */
  action?: ReactNode;
}

/**
 * A banner for page- or form-level messages. Errors (and urgent notes) use role="alert",
 * announced at once; other notes role="status". The message text stays in its own element so it
 * reads on its own.
 */
export function Alert({ variant = 'error', urgent = false, icon = true, action, className, children, ...rest }: AlertProps) {
  const Icon = ICONS[variant];
  return (
    <div role={urgent || variant === 'error' ? 'alert' : 'status'} className={cx('alert', `alert--${variant}`, className)} {...rest}>
      {icon ? <Icon className="alert__icon" aria-hidden="true" /> : null}
      <div className="alert__message">{children}</div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}
