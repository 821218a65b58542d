import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { useFieldControl } from './field';
import { Input, type InputProps } from './input';
import { PlainIconButton } from './plain-icon-button';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** Accessible name of the toggle while the password is hidden. */
  showLabel?: string;
  /** Accessible name of the toggle while the password is visible. */
  hideLabel?: string;
}

/** A password input with a show/hide toggle button. */
export function PasswordInput({ showLabel = 'Show password', hideLabel = 'Hide password', disabled, id, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const field = useFieldControl();
  const controlId = id ?? field?.id;
  // Until a prerendered page is hydrated the toggle could not toggle (docs/decisions.md).
  const hydrated = useHydrated();
  return (
    <div className="input-group">
      <Input {...rest} id={controlId} disabled={disabled} type={visible ? 'text' : 'password'} />
      <PlainIconButton
        className="input-group__action"
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={controlId}
        disabled={disabled || !hydrated}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </PlainIconButton>
    </div>
  );
}
