import type { ComponentProps } from 'react';
import { cx } from './cx';
import './eyebrow.css';

export interface EyebrowProps extends Omit<ComponentProps<'span'>, 'ref'> {
  /** A paragraph of its own above a heading, or a span beside one. */
  as?: 'span' | 'p';
}

/**
 * A small accent pill above or beside a heading ('PRICING PLANS', the control center's 'Admin'),
 * optionally with an icon. Its padding and letter spacing come from --eyebrow-padding and
 * --eyebrow-tracking.
 */
export function Eyebrow({ as: Tag = 'span', className, ...rest }: EyebrowProps) {
  return <Tag className={cx('eyebrow', className)} {...rest} />;
}
