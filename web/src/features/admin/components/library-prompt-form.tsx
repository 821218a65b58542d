import { type RefObject, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LibraryPromptEdit, type LibraryPromptText } from '@shared/contract/library';
import { BODY_MAX, TAGS_MAX, TITLE_MAX } from '@shared/contract/prompts';
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
import { schemaRule } from '@/lib/form-rules';
import { useEditLibraryPrompt } from '../api/edit-library-prompt';
import { LIBRARY_PROMPT_TEXT } from '../utils/messages';

/** The contract's title and body (required, within their lengths); the tag inputs keep to TAGS_MAX themselves. */
const RULES = {
  title: { validate: schemaRule(LibraryPromptEdit.shape.title) },
  body: { validate: schemaRule(LibraryPromptEdit.shape.body) },
};

export function LibraryPromptForm({
  initial,
  onClose,
  requestClose,
}: {
  initial: LibraryPromptText;
  onClose: () => void;
  requestClose: RefObject<() => void>;
}) {
  const {
    register,
    setValue,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useForm({ defaultValues: initial });
  const { toast } = useToast();
  const { confirm } = useDialogs();
  const save = useEditLibraryPrompt();
  const blank = !watch('title').trim() || !watch('body').trim();

  const cancel = async () => {
    if (
      !isDirty ||
      (await confirm(LIBRARY_PROMPT_TEXT.discard, { title: 'Unsaved changes', confirmLabel: 'Discard', cancelLabel: 'Keep editing', danger: true }))
    )
      onClose();
  };

  useEffect(() => {
    requestClose.current = () => void cancel();
  });

  const onSubmit = handleSubmit(async ({ title, body, tasks, industries, access_tier }) => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ id: initial.id, edit: { title: title.trim(), body, tasks, industries, access_tier } });
      toast({ variant: 'success', title: LIBRARY_PROMPT_TEXT.saved });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, LIBRARY_PROMPT_TEXT.failed) });
    }
  });

  return (
    <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Title" error={errors.title?.message}>
        <Input maxLength={TITLE_MAX} required autoComplete="off" autoFocus {...register('title', RULES.title)} />
      </Field>
      <Field label="Prompt" error={errors.body?.message}>
        <Textarea maxLength={BODY_MAX} required rows={10} {...register('body', RULES.body)} />
      </Field>
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
  );
}
