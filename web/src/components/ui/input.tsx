import type { ComponentProps } from 'react';
import { cx } from './cx';
import { joinIds, useFieldControl } from './field';
import './field.css';

export interface InputProps extends ComponentProps<'input'> {
  /** Marks the control invalid (aria-invalid); inside a Field this follows the field's error. */
  invalid?: boolean;
}

export function Input({ className, invalid, id, 'aria-describedby': describedBy, ...rest }: InputProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <input
      id={id ?? field?.id}
      aria-describedby={joinIds(field?.describedBy, describedBy)}
      aria-invalid={isInvalid || undefined}
      className={cx('input', className)}
      {...rest}
    />
  );
}
