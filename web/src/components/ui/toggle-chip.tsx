import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from './cx';
import './toggle-chip.css';

export interface ToggleChipProps extends Omit<ComponentProps<'button'>, 'type' | 'aria-pressed'> {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  size?: 'sm' | 'md';
}

/** A pill-shaped toggle button (aria-pressed) for filter chips; a check mark shows when pressed. */
export function ToggleChip({ pressed, onPressedChange, size = 'md', className, children, onClick, ...rest }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cx('toggle-chip', `toggle-chip--${size}`, className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onPressedChange(!pressed);
      }}
      {...rest}
    >
      {pressed ? <Check className="toggle-chip__check" aria-hidden="true" /> : null}
      <span className="toggle-chip__label">{children}</span>
    </button>
  );
}
