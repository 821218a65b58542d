import type { ComponentProps } from 'react';
import { cx } from './cx';
import './card.css';

/**
 * A card: one section of a page on the surface colour, bordered, with a small shadow; its content
 * in a column. Label it by its heading (aria-labelledby). A feature tunes it through
 * --card-gap, --card-padding, --card-radius and --card-border rather than overriding its rules.
 */
export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={cx('card', className)} {...rest} />;
}
