import type { ComponentProps, ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { cx } from './cx';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  className?: string;
}

/** The button look for other elements (links styled as buttons). */
export function buttonClassName({ variant = 'primary', size = 'md', block = false, className }: ButtonStyleOptions = {}): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', className);
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyleOptions {
  /** Shows a spinner, disables the button and sets aria-busy. The visible text stays the accessible name. */
  loading?: boolean;
  /** An icon before the text (decorative: give it aria-hidden). */
  icon?: ReactNode;
}

/**
 * A button. On a prerendered page it is disabled until the page is hydrated: before that a press
 * would do nothing, or a submit would post the form to a page that cannot take it
 * (docs/decisions.md, "Prerendered public pages").
 */
export function Button({ variant, size, block, className, loading = false, icon, disabled, type = 'button', children, ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
