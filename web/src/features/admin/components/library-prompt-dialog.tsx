import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { LibraryPromptText } from '@shared/contract/library';
import { BODY_MAX, TAGS_MAX, TITLE_MAX } from '@shared/contract/prompts';
import type { Tier } from '@shared/tiers';
import { TierOptions } from '@/components/tier-options';
import { Button } from '@/components/ui/button';
import { DialogFooter, ModalDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TagInput } from '@/components/ui/tag-input';
import { Textarea } from '@/components/ui/textarea';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useEditLibraryPrompt, useLibraryPromptText } from '../api/library-prompt-text';

export const LIBRARY_PROMPT_TEXT = {
  saved: 'Library prompt updated. Copies in My Prompts now offer the update.',
  failed: 'Failed to update the library prompt.',
  loadFailed: 'Could not load this library prompt.',
  discard: 'Discard your changes to this library prompt?',
} as const;

/**
 * 'Edit Library Prompt': title, body, tasks, industries and tier of a library prompt (its
 * category stays). Saving goes through the library's upsert, so copies in My Prompts see
 * 'Updated in library' when the title or body changed. Closing with changes asks first; a click
 * outside never closes it.
 */
export function LibraryPromptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const text = useLibraryPromptText(id);
  // Escape and × go through the form's own Cancel (it asks when there are changes).
  const requestClose = useRef(onClose);
  return (
    <ModalDialog
      onClose={() => requestClose.current()}
      title="Edit Library Prompt"
      description="Users see the new text at once; copies in My Prompts offer the update."
      size="lg"
      onInteractOutside={(event) => event.preventDefault()}
    >
      {text.data ? (
        <EditForm initial={text.data} onClose={onClose} requestClose={requestClose} />
      ) : text.isError ? (
        <p role="alert">{errorMessage(text.error, LIBRARY_PROMPT_TEXT.loadFailed)}</p>
      ) : (
        <p role="status">
          <Spinner size="sm" /> Loading the prompt...
        </p>
      )}
    </ModalDialog>
  );
}

function EditForm({ initial, onClose, requestClose }: { initial: LibraryPromptText; onClose: () => void; requestClose: RefObject<() => void> }) {
  const [values, setValues] = useState(initial);
  const { toast } = useToast();
  const { confirm } = useDialogs();
  const save = useEditLibraryPrompt();
  const set = <K extends keyof LibraryPromptText>(key: K, value: LibraryPromptText[K]) => setValues((v) => ({ ...v, [key]: value }));
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const blank = !values.title.trim() || !values.body.trim();

  const cancel = async () => {
    if (
      !dirty ||
      (await confirm(LIBRARY_PROMPT_TEXT.discard, { title: 'Unsaved changes', confirmLabel: 'Discard', cancelLabel: 'Keep editing', danger: true }))
    )
      onClose();
  };

  useEffect(() => {
    requestClose.current = () => void cancel();
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || save.isPending) return;
    try {
      const { title, body, tasks, industries, access_tier } = values;
      await save.mutateAsync({ id: initial.id, edit: { title: title.trim(), body, tasks, industries, access_tier } });
      toast({ variant: 'success', title: LIBRARY_PROMPT_TEXT.saved });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, LIBRARY_PROMPT_TEXT.failed) });
    }
  };

  return (
    <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field label="Title">
        <Input value={values.title} maxLength={TITLE_MAX} required autoComplete="off" autoFocus onChange={(event) => set('title', event.target.value)} />
      </Field>
      <Field label="Prompt">
        <Textarea value={values.body} maxLength={BODY_MAX} required rows={10} onChange={(event) => set('body', event.target.value)} />
      </Field>
      <Field label="Tasks">
        <TagInput value={values.tasks} maxTags={TAGS_MAX} removeLabel="Remove task" onChange={(tasks) => set('tasks', tasks)} />
      </Field>
      <Field label="Industries">
        <TagInput value={values.industries} maxTags={TAGS_MAX} removeLabel="Remove industry" onChange={(industries) => set('industries', industries)} />
      </Field>
      <Field label="Access Tier">
        <Select value={values.access_tier} onChange={(event) => set('access_tier', event.target.value as Tier)}>
          <TierOptions />
        </Select>
      </Field>
      <DialogFooter>
        <Button variant="secondary" onClick={() => void cancel()}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || !dirty} loading={save.isPending}>
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
