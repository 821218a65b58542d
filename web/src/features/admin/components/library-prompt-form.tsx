import { type RefObject, useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Messages } from '@shared/contract/chat';
import { LibraryPromptEdit, type LibraryPromptText } from '@shared/contract/library';
import { BODY_MAX, Body, TAGS_MAX, TITLE_MAX } from '@shared/contract/prompts';
import { ChatMessagesField } from '@/components/chat/chat-messages-field';
import { ModelSettings } from '@/components/chat/model-settings';
import { TierOptions } from '@/components/tier-options';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { TagInput } from '@/components/ui/tag-input';
import { Textarea } from '@/components/ui/textarea';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { configOf, messagesOf, rowsOf, settingsFieldsOf } from '@/lib/chat-form';
import { schemaRule } from '@/lib/form-rules';
import { useEditLibraryPrompt } from '../api/edit-library-prompt';
import { LIBRARY_PROMPT_TEXT } from '../utils/messages';

/** The contract's title and body (required, within their lengths); the tag inputs keep to TAGS_MAX themselves. */
const RULES = {
  title: { validate: schemaRule(LibraryPromptEdit.shape.title) },
  body: { validate: schemaRule(Body) },
};

export function LibraryPromptForm({
  initial,
  onClose,
  requestClose,
  otherChanges,
}: {
  initial: LibraryPromptText;
  onClose: () => void;
  requestClose: RefObject<() => void>;
  /** Unsaved changes elsewhere in the dialog (its Test suite tab): closing asks first for them too. */
  otherChanges: RefObject<boolean>;
}) {
  // A chat prompt's messages and both kinds' model settings, edited as in the prompt editor; the kind stays.
  const chat = initial.kind === 'chat';
  const form = useForm({ defaultValues: { ...initial, messages: rowsOf(initial.messages), settings: settingsFieldsOf(initial.config) } });
  const {
    register,
    setValue,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = form;
  const { toast } = useToast();
  const { confirm } = useDialogs();
  const save = useEditLibraryPrompt();
  const [problem, setProblem] = useState<string | null>(null);
  const blank = !watch('title').trim() || (!chat && !watch('body').trim());

  const cancel = async () => {
    if (
      (!isDirty && !otherChanges.current) ||
      (await confirm(LIBRARY_PROMPT_TEXT.discard, { title: 'Unsaved changes', confirmLabel: 'Discard', cancelLabel: 'Keep editing', danger: true }))
    )
      onClose();
  };

  useEffect(() => {
    requestClose.current = () => void cancel();
  });

  const onSubmit = handleSubmit(async ({ title, body, messages: rows, settings, tasks, industries, access_tier }) => {
    if (save.isPending) return;
    setProblem(null);
    const settled = configOf(settings);
    if ('error' in settled) return setProblem(settled.error);
    const messages = chat ? messagesOf(rows) : undefined;
    const invalid = messages ? z.safeParse(Messages, messages).error?.issues[0]?.message : undefined;
    if (invalid) return setProblem(invalid);
    const content = messages ? { kind: 'chat' as const, messages } : { body };
    try {
      await save.mutateAsync({ id: initial.id, edit: { title: title.trim(), ...content, config: settled.config, tasks, industries, access_tier } });
      toast({ variant: 'success', title: LIBRARY_PROMPT_TEXT.saved });
      // Unsaved suite changes keep the dialog open (the text, saved, is no longer a change).
      if (otherChanges.current) form.reset(form.getValues());
      else onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, LIBRARY_PROMPT_TEXT.failed) });
    }
  });

  return (
    <FormProvider {...form}>
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Title" error={errors.title?.message}>
          <Input maxLength={TITLE_MAX} required autoComplete="off" autoFocus {...register('title', RULES.title)} />
        </Field>
        {chat ? (
          <ChatMessagesField error={problem} />
        ) : (
          <Field label="Prompt" error={errors.body?.message}>
            <Textarea maxLength={BODY_MAX} required rows={10} {...register('body', RULES.body)} />
          </Field>
        )}
        <ModelSettings />
        {problem && !chat ? <p role="alert">{problem}</p> : null}
        <Field label="Tasks">
          <TagInput value={watch('tasks')} onChange={(tags) => setValue('tasks', tags, { shouldDirty: true })} maxTags={TAGS_MAX} removeLabel="Remove task" />
        </Field>
        <Field label="Industries">
          <TagInput
            value={watch('industries')}
            onChange={(tags) => setValue('industries', tags, { shouldDirty: true })}
            maxTags={TAGS_MAX}
            removeLabel="Remove industry"
          />
        </Field>
        <Field label="Access Tier">
          <Select {...register('access_tier')}>
            <TierOptions />
          </Select>
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={() => void cancel()}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || !isDirty} loading={save.isPending}>
            Save Changes
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
