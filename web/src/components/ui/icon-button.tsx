import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';
import './icon-button.css';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  /** The accessible name (also shown as a tooltip). */
  label: string;
  /** The icon; it is marked decorative. */
  icon: ReactNode;
  variant?: 'ghost' | 'danger' | 'accent';
  size?: 'sm' | 'md';
  /** Shows a spinner instead of the icon, disables the button and sets aria-busy. */
  loading?: boolean;
}

/** A square button showing only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  loading = false,
  disabled,
  className,
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={title ?? label}
      className={cx('icon-btn', `icon-btn--${variant}`, `icon-btn--${size}`, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <Spinner size="sm" />
      ) : (
        <span className="icon-btn__icon" aria-hidden="true">
          {icon}
        </span>
      )}
    </button>
  );
}
