import { Check, Save } from 'lucide-react';
import { useId } from 'react';
import type { Variable } from '@shared/variables';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useSaveContextValue } from '../api/save-context-value';
import './variable-control.css';

export const SAVE_FAILED_MESSAGE = 'Error: Could not save to your context library.';

const TYPE_LABEL: Record<Variable['type'], string> = { INPUT: 'Input', SNIPPET: 'Snippet', PROFILE: 'Profile' };

export interface VariableControlProps {
  variable: Variable;
  /** The value typed or chosen in the workbench, else the marker's default (never stored for INPUT variables). */
  value: string;
  onChange: (value: string) => void;
  /** The stored value of a SNIPPET or PROFILE variable; `undefined` when it has none. */
  stored: string | undefined;
  /** True while the stored context is still loading. */
  loading: boolean;
  /** Type another value for this run instead of the stored one (the stored value stays). */
  onUseAnother?: () => void;
}

/**
 * One variable of the template. INPUT: a text input, or a select when the marker lists choices
 * (`[INPUT: tone=friendly|formal]`; with no default it starts on 'Choose…'). SNIPPET / PROFILE: the
 * stored value with a 'Defined' badge, or an input (a select for choices) with 'Save to context'
 * that stores it (docs/product.md, Variables and the workbench). The marker's default pre-fills the input.
 */
export function VariableControl({ variable, value, onChange, stored, loading, onUseAnother }: VariableControlProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const save = useSaveContextValue();
  const { alert } = useDialogs();
  const contextual = variable.type !== 'INPUT';
  const defined = contextual && stored !== undefined;

  const onSave = () => {
    if (variable.type === 'INPUT' || !value.trim()) return;
    save.mutate({ type: variable.type, key: variable.key, value }, { onError: () => void alert(SAVE_FAILED_MESSAGE) });
  };

  const hint =
    variable.type === 'INPUT'
      ? 'Used for this run only.'
      : variable.type === 'SNIPPET'
        ? `No snippet named "${variable.key}" yet.`
        : 'Not in your profile yet.';

  return (
    // biome-ignore lint/a11y/useSemanticElements: one variable's controls named by its label; a fieldset would bring its own border and layout.
    <div role="group" aria-labelledby={labelId} className={`wb-var wb-var--${variable.type.toLowerCase()}${defined ? ' wb-var--defined' : ''}`}>
      <div className="wb-var__head">
        {defined ? (
          <span id={labelId} className="wb-var__label">
            {variable.key}
          </span>
        ) : (
          <label id={labelId} htmlFor={inputId} className="wb-var__label">
            {variable.key}
          </label>
        )}
        <span className="wb-var__badges">
          <Badge variant="neutral" className={`wb-type wb-type--${variable.type.toLowerCase()}`}>
            {TYPE_LABEL[variable.type]}
          </Badge>
          {defined ? (
            <Badge variant="success">
              <Check aria-hidden="true" />
              Defined
            </Badge>
          ) : null}
        </span>
      </div>

      {defined ? (
        <>
          <p className="wb-var__value">{stored}</p>
          {onUseAnother ? (
            <Button variant="ghost" size="sm" className="wb-var__another" onClick={onUseAnother} aria-describedby={labelId}>
              Use another value this time
            </Button>
          ) : null}
        </>
      ) : contextual && loading ? (
        <p className="wb-var__hint">Loading your context...</p>
      ) : (
        <>
          {variable.choices ? (
            <Select id={inputId} value={value} aria-describedby={hintId} onChange={(e) => onChange(e.target.value)}>
              {variable.default === undefined ? <option value="">Choose…</option> : null}
              {variable.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </Select>
          ) : variable.type === 'SNIPPET' ? (
            <Textarea
              id={inputId}
              rows={3}
              value={value}
              aria-describedby={hintId}
              onChange={(e) => onChange(e.target.value)}
              placeholder={`Text for ${variable.key}`}
            />
          ) : variable.type === 'INPUT' ? (
            // Multi-line and growing with its text: pasted notes and code keep their line breaks.
            <Textarea
              id={inputId}
              rows={1}
              className="wb-var__grow"
              value={value}
              aria-describedby={hintId}
              onChange={(e) => onChange(e.target.value)}
              placeholder={`Value for ${variable.key}`}
              autoComplete="off"
            />
          ) : (
            <Input
              id={inputId}
              value={value}
              aria-describedby={hintId}
              onChange={(e) => onChange(e.target.value)}
              placeholder={`Value for ${variable.key}`}
              autoComplete="off"
            />
          )}
          <div className="wb-var__foot">
            <p id={hintId} className="wb-var__hint">
              {hint}
            </p>
            {contextual ? (
              <Button
                variant="secondary"
                size="sm"
                icon={<Save aria-hidden="true" />}
                disabled={!value.trim() || save.isPending}
                loading={save.isPending}
                onClick={onSave}
              >
                {save.isPending ? 'Saving...' : 'Save to context'}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
