import type { ComponentProps } from 'react';
import { cx } from './cx';
import './icon-tile.css';

export interface IconTileProps extends ComponentProps<'span'> {
  /** xs 1.5 rem and round (a step's number), md 2.5 rem (cards), lg 3 rem, xl 3.5 rem (empty and error states). */
  size?: 'xs' | 'md' | 'lg' | 'xl';
  /** Accent by default; other colours can also come from --icon-tile-bg / --icon-tile-text. */
  tone?: 'accent' | 'warning' | 'danger';
}

/** A tinted square holding one icon. Decorative: mark it aria-hidden when the icon adds nothing. */
export function IconTile({ size = 'md', tone = 'accent', className, ...rest }: IconTileProps) {
  return <span className={cx('icon-tile', `icon-tile--${size}`, `icon-tile--${tone}`, className)} {...rest} />;
}
