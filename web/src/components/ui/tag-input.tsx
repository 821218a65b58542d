import { X } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useRef, useState } from 'react';
import { cx } from './cx';
import { joinIds, useFieldControl } from './field';
import './field.css';
import './tag-input.css';

export interface TagInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> {
  value: string[];
  onChange: (tags: string[]) => void;
  /** Most tags allowed; the input is disabled when reached. */
  maxTags?: number;
  /** Accessible name prefix of each tag's remove button: `${removeLabel} ${tag}`. */
  removeLabel?: string;
}

/** Adds the trimmed, non-empty values not already present (compared case-insensitively). */
export function addTags(tags: string[], values: string[], maxTags = Infinity): string[] {
  const next = [...tags];
  const seen = new Set(tags.map((t) => t.toLowerCase()));
  for (const raw of values) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase()) || next.length >= maxTags) continue;
    seen.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}

/**
 * A list of tags typed into one input: Enter, comma or Tab adds the trimmed value (a pasted
 * comma-separated list adds each part), duplicates are dropped, Backspace on the empty input removes
 * the last tag, and leaving the input keeps what was typed. Each tag has a remove button.
 */
export function TagInput({
  value,
  onChange,
  maxTags,
  removeLabel = 'Remove',
  id,
  className,
  disabled,
  placeholder,
  'aria-describedby': describedBy,
  onBlur,
  ...rest
}: TagInputProps) {
  const field = useFieldControl();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const full = maxTags !== undefined && value.length >= maxTags;

  const commit = (raw: string) => {
    const next = addTags(value, [raw], maxTags);
    if (next.length !== value.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || (event.key === 'Tab' && !event.shiftKey && text.trim())) {
      // Enter must not submit the surrounding form; Tab with text adds it and stays put.
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  const onTextChange = (next: string) => {
    if (!next.includes(',')) return setText(next);
    // A pasted (or typed) comma-separated list: add every complete part, keep the remainder.
    const parts = next.split(',');
    const rest = parts.pop() ?? '';
    const added = addTags(value, parts, maxTags);
    if (added.length !== value.length) onChange(added);
    setText(rest.trimStart());
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the box's empty part puts the caret in its input (keyboard users are in the input already).
    <div
      className={cx('tag-input', disabled && 'tag-input--disabled', field?.invalid && 'tag-input--invalid', className)}
      // A click on the box (not on a tag) puts the caret in the input.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) {
          event.preventDefault();
          inputRef.current?.focus();
        }
      }}
    >
      {value.length > 0 ? (
        <ul className="tag-input__list">
          {value.map((tag) => (
            <li key={tag} className="tag-input__tag">
              <span className="tag-input__text">{tag}</span>
              <button
                type="button"
                className="tag-input__remove"
                aria-label={`${removeLabel} ${tag}`}
                title={`${removeLabel} ${tag}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={id ?? field?.id}
        aria-describedby={joinIds(field?.describedBy, describedBy)}
        aria-invalid={field?.invalid || undefined}
        className="tag-input__control"
        value={text}
        disabled={disabled || full}
        placeholder={full ? undefined : placeholder}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (text.trim()) commit(text);
          onBlur?.(event);
        }}
        {...rest}
      />
    </div>
  );
}
