import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import './field.css';

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <CircleAlert aria-hidden="true" className="field__error-icon" />
      <span>{children}</span>
    </p>
  );
}
