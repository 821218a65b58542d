import type { ComponentProps } from 'react';
import { cx } from './cx';
import './ribbon.css';

/**
 * The brand-gradient label centred on a card's top edge ('Most popular' on the landing's and the
 * pricing page's Pro plan); the card is its positioned parent. Its padding, shadow and letter
 * spacing come from --ribbon-padding, --ribbon-shadow and --ribbon-tracking.
 */
export function Ribbon({ className, ...rest }: Omit<ComponentProps<'p'>, 'ref'>) {
  return <p className={cx('ribbon', className)} {...rest} />;
}
