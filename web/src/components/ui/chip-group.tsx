import type { ComponentProps } from 'react';
import { cx } from './cx';
import './toggle-chip.css';

/** A wrapping row of chips, named for assistive technology. */
export function ChipGroup({ label, className, ...rest }: ComponentProps<'div'> & { label: string }) {
  // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons: a fieldset would bring a border, a legend and its own layout.
  return <div role="group" aria-label={label} className={cx('chip-group', className)} {...rest} />;
}
