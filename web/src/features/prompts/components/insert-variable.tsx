import { Braces } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { VARIABLE_TYPES, type VariableType } from '@shared/variables';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select } from '@/components/ui/select';
import { useProfile } from '@/lib/api/get-profile';
import { useSnippets } from '@/lib/api/get-snippets';
import './prompt-editor.css';

/** Names offered as quick picks under the name box; the rest are completed while typing. */
const PICKS_SHOWN = 8;

const HINT: Record<VariableType, string> = {
  INPUT: 'Filled in each time you use the prompt.',
  SNIPPET: 'Text from your Context Library, by snippet name.',
  PROFILE: 'A value about you, saved once and reused.',
};

export interface InsertVariableProps {
  /** Inserts the marker at the body's cursor (replacing a selection). */
  onInsert: (marker: string) => void;
  disabled?: boolean;
}

/**
 * 'Insert variable' beside the body: a popover to pick the type and a name, with the user's
 * snippet names and stored profile keys completed (and offered as quick picks).
 */
export function InsertVariable({ onInsert, disabled }: InsertVariableProps) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<VariableType>('INPUT');
  const [name, setName] = useState('');
  const ids = { title: useId(), list: useId(), hint: useId() };
  const snippets = useSnippets();
  const profile = useProfile();
  const known =
    type === 'SNIPPET'
      ? (snippets.data?.map((s) => s.snippet_name) ?? [])
      : type === 'PROFILE'
        ? Object.keys(profile.data ?? {}).sort((a, b) => a.localeCompare(b))
        : [];

  // A name holding brackets or a line break would not read back as a variable.
  const clean = name.replace(/[[\]\r\n]/g, '').trim();
  // After an insert the body keeps the focus (at the new cursor), not the trigger.
  const inserted = useRef(false);
  const insert = (key: string) => {
    inserted.current = true;
    onInsert(`[${type}: ${key}]`);
    setOpen(false);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (clean) insert(clean);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from an INPUT with no name.
        if (next) {
          setType('INPUT');
          setName('');
        }
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" icon={<Braces aria-hidden="true" />} disabled={disabled}>
          Insert variable
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="insert-variable"
        aria-labelledby={ids.title}
        align="end"
        onCloseAutoFocus={(event) => {
          if (inserted.current) event.preventDefault();
          inserted.current = false;
        }}
      >
        <p id={ids.title} className="insert-variable__title">
          Insert variable
        </p>
        {/* Its own form: Enter inserts here rather than saving the prompt. */}
        <form className="insert-variable__form" onSubmit={onSubmit}>
          <Field label="Type">
            <Select value={type} onChange={(event) => setType(event.target.value as VariableType)}>
              {VARIABLE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Name">
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              list={known.length ? ids.list : undefined}
              autoComplete="off"
              placeholder={type === 'INPUT' ? 'e.g. topic' : type === 'SNIPPET' ? 'e.g. Company Bio' : 'e.g. name'}
              aria-describedby={ids.hint}
            />
          </Field>
          <datalist id={ids.list}>
            {known.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
          <p id={ids.hint} className="insert-variable__hint">
            {HINT[type]}
          </p>
          {known.length ? (
            <ul className="insert-variable__picks" aria-label={type === 'SNIPPET' ? 'Your snippets' : 'Your profile values'}>
              {known.slice(0, PICKS_SHOWN).map((k) => (
                <li key={k}>
                  <button type="button" className="insert-variable__pick" onClick={() => insert(k)}>
                    {k}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" size="sm" disabled={!clean}>
            Insert
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}
