import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';
import { fieldIds, joinIds } from './field';
import { FieldError } from './field-error';
import './field.css';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The label; it may contain links. */
  label: ReactNode;
  error?: string | null;
  description?: ReactNode;
}

/** A native checkbox with its label, description and error wired up (error id `<id>-error`). */
export function Checkbox({ id, label, error, description, className, 'aria-describedby': describedBy, ...rest }: CheckboxProps) {
  const autoId = useId();
  const controlId = id ?? `checkbox${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { errorId, descriptionId } = fieldIds(controlId);
  return (
    <div className={cx('checkbox-field', className)}>
      <div className="checkbox">
        <input
          type="checkbox"
          id={controlId}
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={joinIds(description ? descriptionId : null, error ? errorId : null, describedBy)}
          {...rest}
        />
        <label className="checkbox__label" htmlFor={controlId}>
          {label}
        </label>
      </div>
      {description ? (
        <p id={descriptionId} className="field__description">
          {description}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
