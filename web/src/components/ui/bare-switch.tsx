import * as RadixSwitch from '@radix-ui/react-switch';
import { cx } from './cx';
import './switch.css';

export interface BareSwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name; there is no visible label (use Switch for a labelled field). */
  label: string;
  disabled?: boolean;
  /** Sets aria-busy while a change is being saved. */
  busy?: boolean;
  className?: string;
  /** Id of text that says more (e.g. why it is disabled). */
  describedBy?: string;
}

/** An on/off switch (role="switch") without a visible label, for table cells and toolbars. */
export function BareSwitch({ checked, onCheckedChange, label, disabled, busy, className, describedBy }: BareSwitchProps) {
  return (
    <RadixSwitch.Root
      className={cx('switch', className)}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
    >
      <RadixSwitch.Thumb className="switch__thumb" />
    </RadixSwitch.Root>
  );
}
