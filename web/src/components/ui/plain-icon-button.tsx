import type { ComponentProps } from 'react';
import { cx } from './cx';
import './plain-icon-button.css';

/**
 * An icon-only button with no border or fill of its own: a dialog's ✕, a field's show or clear
 * action, a card's star. The one using it sets its size, colours and hover (--plain-icon-btn-size,
 * --plain-icon-btn-radius, --plain-icon-btn-text); give it an accessible name.
 */
export function PlainIconButton({ className, type = 'button', ...rest }: ComponentProps<'button'>) {
  return <button type={type} className={cx('plain-icon-btn', className)} {...rest} />;
}
