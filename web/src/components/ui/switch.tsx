import * as RadixSwitch from '@radix-ui/react-switch';
import { type ReactNode, useId } from 'react';
import { cx } from './cx';
import './switch.css';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible label; it is also the switch's accessible name. */
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** An on/off switch (role="switch") with its label and optional description. */
export function Switch({ checked, onCheckedChange, label, description, disabled, id, className }: SwitchProps) {
  const autoId = useId();
  const controlId = id ?? `switch${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const descriptionId = `${controlId}-description`;
  return (
    <div className={cx('switch-field', className)}>
      <RadixSwitch.Root
        id={controlId}
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
      >
        <RadixSwitch.Thumb className="switch__thumb" />
      </RadixSwitch.Root>
      <div className="switch-field__text">
        <label className="switch-field__label" htmlFor={controlId}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="switch-field__description">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
