import { createContext, type ReactNode, useContext, useId } from 'react';
import { cx } from './cx';
import { FieldError } from './field-error';
import './field.css';

/**
 * A form field: label, control, optional description and error, wired together for assistive
 * technology. The control inside (Input, Textarea, PasswordInput) picks up its id,
 * aria-describedby and aria-invalid from the field, so the error is announced with the control.
 */
interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** The ids and ARIA state a control inside a Field should carry. */
export function useFieldControl() {
  return useContext(FieldContext);
}

/** Joins id lists for aria-describedby, dropping empties. */
export function joinIds(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The derived ids of a control: `<id>-error` and `<id>-description`. */
export function fieldIds(id: string) {
  return { errorId: `${id}-error`, descriptionId: `${id}-description` };
}

export interface FieldProps {
  /** The control's id; the error element gets `<id>-error`, the description `<id>-description`. */
  id?: string;
  label: ReactNode;
  error?: string | null;
  description?: ReactNode;
  /** Something shown at the end of the label row (a link, a counter). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Field({ id, label, error, description, labelAside, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { errorId, descriptionId } = fieldIds(controlId);
  const describedBy = joinIds(description ? descriptionId : null, error ? errorId : null);

  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={controlId}>
          {label}
        </label>
        {labelAside}
      </div>
      <FieldContext value={{ id: controlId, describedBy, invalid: Boolean(error) }}>{children}</FieldContext>
      {description ? (
        <p id={descriptionId} className="field__description">
          {description}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
