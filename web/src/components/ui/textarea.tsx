import type { ComponentProps } from 'react';
import { cx } from './cx';
import { joinIds, useFieldControl } from './field';
import './field.css';

export interface TextareaProps extends ComponentProps<'textarea'> {
  invalid?: boolean;
}

export function Textarea({ className, invalid, id, 'aria-describedby': describedBy, ...rest }: TextareaProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <textarea
      id={id ?? field?.id}
      aria-describedby={joinIds(field?.describedBy, describedBy)}
      aria-invalid={isInvalid || undefined}
      className={cx('textarea', className)}
      {...rest}
    />
  );
}
