import type { ComponentProps } from 'react';
import { cx } from './cx';
import './dialog.css';

/** Action row at the bottom of a dialog. */
export function DialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx('dialog__footer', className)} {...rest} />;
}
