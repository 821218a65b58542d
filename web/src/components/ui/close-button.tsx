import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from './cx';
import { PlainIconButton } from './plain-icon-button';
import './close-button.css';

export interface CloseButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** Its accessible name ('Close', 'Close notification'). */
  label: string;
  /** md 2 rem (dialogs), sm 1.75 rem (notifications). */
  size?: 'md' | 'sm';
}

/**
 * The ✕ that closes a dialog or a notification. Radix's Close parts take it as their child
 * (asChild), so it keeps their behaviour.
 */
export function CloseButton({ label, size = 'md', className, ...rest }: CloseButtonProps) {
  return (
    <PlainIconButton className={cx('close-btn', size === 'sm' && 'close-btn--sm', className)} aria-label={label} {...rest}>
      <X aria-hidden="true" />
    </PlainIconButton>
  );
}
