import type { ComponentProps } from 'react';
import { cx } from './cx';
import './card.css';

export interface CardProps extends Omit<ComponentProps<'section'>, 'ref'> {
  /** A section of a page, or an article in a list of items (a prompt's card). */
  as?: 'section' | 'article' | 'div';
}

/**
 * A card: a section of a page, or an item of a list, on the surface colour, bordered, with a small
 * shadow; its content in a column. Label it by its heading (aria-labelledby). A feature tunes it
 * through --card-gap, --card-padding, --card-radius, --card-border and --card-direction rather
 * than overriding its rules, so the result does not depend on the order the stylesheets load in.
 */
export function Card({ as: Tag = 'section', className, ...rest }: CardProps) {
  return <Tag className={cx('card', className)} {...rest} />;
}
