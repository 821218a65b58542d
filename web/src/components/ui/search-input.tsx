import { Search, X } from 'lucide-react';
import { type ComponentProps, type RefCallback, useCallback, useRef } from 'react';
import { cx } from './cx';
import { PlainIconButton } from './plain-icon-button';
import './field.css';
import './search-input.css';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name of the input (there is no visible label). */
  label: string;
  /** Accessible name of the clear button. */
  clearLabel?: string;
}

/** A search box with a leading icon and a clear button (shown when there is text; Escape clears too). */
export function SearchInput({ value, onValueChange, label, clearLabel = 'Clear search', className, onKeyDown, ref, ...rest }: SearchInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // The caller's ref (e.g. to focus the box from a shortcut) and the clear button's both get the input.
  const setRef = useCallback<RefCallback<HTMLInputElement>>(
    (node) => {
      inputRef.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <div className={cx('search-input', className)}>
      <Search className="search-input__icon" aria-hidden="true" />
      <input
        ref={setRef}
        type="search"
        aria-label={label}
        className="input search-input__control"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onValueChange('');
          }
          onKeyDown?.(event);
        }}
        {...rest}
      />
      {value ? (
        <PlainIconButton
          className="input-group__action search-input__clear"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={() => {
            onValueChange('');
            inputRef.current?.focus();
          }}
        >
          <X aria-hidden="true" />
        </PlainIconButton>
      ) : null}
    </div>
  );
}
