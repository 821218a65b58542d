import type { ComponentProps } from 'react';
import { cx } from './cx';
import './toggle-chip.css';

/** A wrapping row of chips, named for assistive technology. */
export function ChipGroup({ label, className, ...rest }: ComponentProps<'div'> & { label: string }) {
  return <div role="group" aria-label={label} className={cx('chip-group', className)} {...rest} />;
}
