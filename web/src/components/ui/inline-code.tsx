import type { ComponentProps } from 'react';
import { cx } from './cx';
import './inline-code.css';

/** A variable marker or a bit of code inside a sentence (`[SNIPPET: Name]`), tinted like the editor's variables. */
export function InlineCode({ className, ...rest }: ComponentProps<'code'>) {
  return <code className={cx('inline-code', className)} {...rest} />;
}
