import { type FormEvent, useRef, useState } from 'react';
import { SNIPPET_CONTENT_MAX, SNIPPET_NAME_MAX, type Snippet } from '@shared/contract/context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogCancel, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateSnippet } from '@/lib/context-api';
import { useUpdateSnippet } from '../api/update-snippet';

/** docs/product.md, Context Library: the snippet editor has 10 rows. */
export const SNIPPET_EDITOR_ROWS = 10;

export interface SnippetDialogProps {
  /** `null`: closed; `'new'`: create; a snippet: edit it. */
  target: Snippet | 'new' | null;
  onClose: () => void;
}

/** Create or edit a snippet. Saving closes the dialog and reloads the list; server errors show inline. */
export function SnippetDialog({ target, onClose }: SnippetDialogProps) {
  if (!target) return null;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SnippetForm key={target === 'new' ? 'new' : target.id} snippet={target === 'new' ? null : target} onClose={onClose} />
    </Dialog>
  );
}

function SnippetForm({ snippet, onClose }: { snippet: Snippet | null; onClose: () => void }) {
  const editing = snippet !== null;
  const [name, setName] = useState(snippet?.snippet_name ?? '');
  const [content, setContent] = useState(snippet?.snippet_content ?? '');
  const [submitted, setSubmitted] = useState(false);
  const returnFocus = useReturnFocus();
  const nameRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateSnippet();
  const update = useUpdateSnippet();
  const mutation = editing ? update : create;
  const { toast } = useToast();

  const nameError = submitted && !name.trim() ? 'Snippet name is required.' : null;
  const contentError = submitted && !content.trim() ? 'Snippet content is required.' : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!name.trim()) return nameRef.current?.focus();
    if (!content.trim()) return contentRef.current?.focus();
    const input = { snippet_name: name.trim(), snippet_content: content };
    const onSuccess = () => {
      toast({ title: editing ? 'Snippet updated.' : 'Snippet created.', variant: 'success' });
      onClose();
    };
    if (snippet) update.mutate({ id: snippet.id, ...input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  };

  const action = editing ? 'Save Changes' : 'Create Snippet';
  return (
    <DialogContent
      title={editing ? 'Edit Snippet' : 'Create Snippet'}
      size="lg"
      onCloseAutoFocus={returnFocus}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        nameRef.current?.focus();
      }}
    >
      <form className="context-form" onSubmit={onSubmit} noValidate>
        {mutation.isError ? <Alert>{errorMessage(mutation.error, editing ? 'Could not save the snippet.' : 'Could not create the snippet.')}</Alert> : null}
        <Field label="Snippet Name" error={nameError} description={`Use it in a prompt as [SNIPPET: ${name.trim() || 'Snippet Name'}].`}>
          <Input
            ref={nameRef}
            value={name}
            placeholder="Company Bio"
            maxLength={SNIPPET_NAME_MAX}
            autoComplete="off"
            aria-required="true"
            required
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field label="Snippet Content" error={contentError}>
          <Textarea
            ref={contentRef}
            rows={SNIPPET_EDITOR_ROWS}
            value={content}
            maxLength={SNIPPET_CONTENT_MAX}
            placeholder="Acme Inc. builds accessible design tools for small teams..."
            aria-required="true"
            required
            onChange={(e) => setContent(e.target.value)}
          />
        </Field>
        <DialogFooter>
          <DialogCancel />
          <Button type="submit" loading={mutation.isPending}>
            {action}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
