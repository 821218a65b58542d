import { useRef } from 'react';
import { type RegisterOptions, useFormContext, useWatch } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { InsertVariable } from './insert-variable';

interface BodyValues {
  kind: string;
  body: string;
}

/** A text prompt's body, with 'Insert variable' at its cursor (inside the prompt editor's form). */
export function PromptBodyField({
  id,
  rules,
  describedBy,
  disabled,
}: {
  id: string;
  rules: RegisterOptions<BodyValues, 'body'>;
  describedBy: string;
  disabled?: boolean;
}) {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<BodyValues>();
  const body = useWatch({ control, name: 'body' });
  const { ref, ...props } = register('body', rules);
  const area = useRef<HTMLTextAreaElement>(null);
  // 'Insert variable': the marker replaces the selection (or goes in at the cursor; the end when never focused).
  const insertAtCursor = (marker: string) => {
    const start = area.current?.selectionStart ?? body.length;
    const end = area.current?.selectionEnd ?? body.length;
    // The textarea takes the new text at once (react-hook-form writes it), so the cursor can follow it.
    setValue('body', body.slice(0, start) + marker + body.slice(end), { shouldDirty: true, shouldValidate: true });
    area.current?.focus();
    area.current?.setSelectionRange(start + marker.length, start + marker.length);
  };
  return (
    <Field id={id} label="Body" labelAside={<InsertVariable onInsert={insertAtCursor} disabled={disabled} />} error={errors.body?.message}>
      <Textarea
        {...props}
        ref={(element) => {
          ref(element);
          area.current = element;
        }}
        required
        rows={10}
        className="prompt-editor__body"
        placeholder="Write your prompt. Add variables like [INPUT: topic], [SNIPPET: Company Bio] or [PROFILE: name]."
        disabled={disabled}
        aria-describedby={describedBy}
      />
    </Field>
  );
}
