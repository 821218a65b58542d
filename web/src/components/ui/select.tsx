import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from './cx';
import { joinIds, useFieldControl } from './field';
import './field.css';
import './select.css';

export interface SelectProps extends ComponentProps<'select'> {
  invalid?: boolean;
}

/** A native select styled like the text inputs; inside a Field it picks up the id and descriptions. */
export function Select({ className, invalid, id, 'aria-describedby': describedBy, children, ...rest }: SelectProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <div className={cx('select', className)}>
      <select
        id={id ?? field?.id}
        aria-describedby={joinIds(field?.describedBy, describedBy)}
        aria-invalid={isInvalid || undefined}
        className="input select__control"
        {...rest}
      >
        {children}
      </select>
      <ChevronDown className="select__icon" aria-hidden="true" />
    </div>
  );
}
