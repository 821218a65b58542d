import { ArrowDown, ArrowUp, MessageSquarePlus, SquareDashed, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MESSAGES_MAX, MESSAGES_TEXT_MAX, PLACEHOLDER_NAME_MESSAGE } from '@shared/contract/chat';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '@shared/contract/common';
import { type MessageRole, type MessageRow, newRow } from '@/lib/chat-form';
import { Button } from '../ui/button';
import { FieldError } from '../ui/field-error';
import { IconButton } from '../ui/icon-button';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Textarea } from '../ui/textarea';
import './chat-editor.css';

const ROLE_NAMES: Record<MessageRole, string> = { system: 'System', user: 'User', assistant: 'Assistant', placeholder: 'Placeholder' };

/** The form values this field edits (inside the prompt editor's form). */
export interface ChatFormValues {
  messages: MessageRow[];
}

const contentRule = (value: string, values: ChatFormValues, index: number) => {
  if (values.messages[index]?.role === 'placeholder') return true;
  if (!value.trim()) return "A message's content is required.";
  if (value.length > MESSAGES_TEXT_MAX) return `A message must be at most ${MESSAGES_TEXT_MAX} characters.`;
  return isSafeText(value) || UNSAFE_TEXT_MESSAGE('A message');
};
const nameRule = (value: string, values: ChatFormValues, index: number) =>
  values.messages[index]?.role !== 'placeholder' || /^[A-Za-z0-9_-]{1,64}$/.test(value.trim()) || PLACEHOLDER_NAME_MESSAGE;

/**
 * A chat prompt's messages (docs/product.md, My Prompts → chat prompts): each with its role
 * (System, User, Assistant, or a Placeholder for a conversation passed in at compile time), moved
 * up and down, removed, added. 'Insert variable' puts the marker into the message last focused.
 * `error`: the problem of the list as a whole (the contract's, at save).
 */
export function ChatMessagesField({
  disabled,
  error,
  renderInsert,
}: {
  disabled?: boolean;
  error?: string | null;
  /** 'Insert variable' beside the label, given the function that inserts a marker. */
  renderInsert?: (insert: (marker: string) => void) => ReactNode;
}) {
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ChatFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'messages' });
  const rows = useWatch({ control, name: 'messages' }) ?? [];
  const legendId = useId();
  const areas = useRef(new Map<number, HTMLTextAreaElement>());
  const active = useRef<number | null>(null);
  const total = rows.reduce((n, r) => n + (r.role === 'placeholder' ? 0 : r.content.length), 0);

  // Into the message last focused (else the last one with text), at its cursor.
  const insert = (marker: string) => {
    const index = active.current ?? rows.findLastIndex((r) => r.role !== 'placeholder');
    const row = getValues(`messages.${index}`);
    if (!row || row.role === 'placeholder') return;
    const area = areas.current.get(index);
    const start = area?.selectionStart ?? row.content.length;
    const end = area?.selectionEnd ?? row.content.length;
    setValue(`messages.${index}.content`, row.content.slice(0, start) + marker + row.content.slice(end), { shouldDirty: true, shouldValidate: true });
    area?.focus();
    area?.setSelectionRange(start + marker.length, start + marker.length);
  };

  return (
    <fieldset className="chat-messages" aria-labelledby={legendId} disabled={disabled}>
      <div className="chat-messages__head">
        <span id={legendId} className="field__label">
          Messages
        </span>
        <span className="char-count">
          {total}/{MESSAGES_TEXT_MAX}
        </span>
        {renderInsert?.(insert)}
      </div>
      <ol className="chat-messages__list">
        {fields.map((field, index) => {
          const role = rows[index]?.role ?? field.role;
          const label = `Message ${index + 1}`;
          const rowErrors = errors.messages?.[index];
          const { ref, ...content } = register(`messages.${index}.content`, { validate: (v, values) => contentRule(v, values, index) });
          return (
            <li key={field.id} className={`chat-message chat-message--${role}`}>
              <div className="chat-message__bar">
                <Select
                  aria-label={`${label}: role`}
                  className="chat-message__role"
                  {...register(`messages.${index}.role`, { deps: [`messages.${index}.content`] })}
                >
                  {(Object.keys(ROLE_NAMES) as MessageRole[]).map((r) => (
                    <option key={r} value={r}>
                      {ROLE_NAMES[r]}
                    </option>
                  ))}
                </Select>
                <IconButton
                  size="sm"
                  label={`Move ${label.toLowerCase()} up`}
                  icon={<ArrowUp />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <IconButton
                  size="sm"
                  label={`Move ${label.toLowerCase()} down`}
                  icon={<ArrowDown />}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <IconButton
                  size="sm"
                  variant="danger"
                  label={`Remove ${label.toLowerCase()}`}
                  icon={<Trash2 />}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                />
              </div>
              {role === 'placeholder' ? (
                <>
                  <Input
                    aria-label={`${label}: placeholder name`}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="history"
                    aria-invalid={Boolean(rowErrors?.name) || undefined}
                    {...register(`messages.${index}.name`, { validate: (v, values) => nameRule(v, values, index) })}
                  />
                  <p className="chat-message__hint">Replaced by the conversation your code passes in (history) when it compiles the prompt.</p>
                  {rowErrors?.name?.message ? <FieldError id={`${field.id}-error`}>{rowErrors.name.message}</FieldError> : null}
                </>
              ) : (
                <>
                  <Textarea
                    aria-label={`${label}: ${ROLE_NAMES[role]}`}
                    rows={role === 'system' ? 5 : 3}
                    className="chat-message__content"
                    placeholder={
                      role === 'system'
                        ? 'Instructions for the model. Variables work in every message.'
                        : 'Write the message. Add variables like [INPUT: topic].'
                    }
                    aria-invalid={Boolean(rowErrors?.content) || undefined}
                    onFocus={() => {
                      active.current = index;
                    }}
                    {...content}
                    ref={(area) => {
                      ref(area);
                      if (area) areas.current.set(index, area);
                      else areas.current.delete(index);
                    }}
                  />
                  {rowErrors?.content?.message ? <FieldError id={`${field.id}-error`}>{rowErrors.content.message}</FieldError> : null}
                </>
              )}
            </li>
          );
        })}
      </ol>
      {error ? <FieldError id={`${legendId}-error`}>{error}</FieldError> : null}
      <div className="chat-messages__add">
        <Button
          size="sm"
          variant="secondary"
          icon={<MessageSquarePlus aria-hidden="true" />}
          disabled={fields.length >= MESSAGES_MAX}
          onClick={() => append(newRow(nextRole(rows)))}
        >
          Add message
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<SquareDashed aria-hidden="true" />}
          disabled={fields.length >= MESSAGES_MAX}
          onClick={() => append(newRow('placeholder', rows.some((r) => r.role === 'placeholder') ? '' : 'history'))}
        >
          Add placeholder
        </Button>
      </div>
    </fieldset>
  );
}

/** A new message answers the last one: user after assistant or system, assistant after user. */
function nextRole(rows: MessageRow[]): MessageRole {
  const last = rows.findLast((r) => r.role !== 'placeholder');
  return last?.role === 'user' ? 'assistant' : 'user';
}
