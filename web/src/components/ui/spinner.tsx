import { cx } from './cx';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** When given the spinner is announced (role="status"); otherwise it is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  if (!label) return <span className={cx('spinner', `spinner--${size}`, className)} aria-hidden="true" />;
  return (
    <span role="status" className={cx('spinner-wrap', className)}>
      <span className={cx('spinner', `spinner--${size}`)} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
