import { useForm } from 'react-hook-form';
import { SNIPPET_CONTENT_MAX, SNIPPET_NAME_MAX, type Snippet, SnippetInput } from '@shared/contract/context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogContent } from '@/components/ui/dialog-content';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useToast } from '@/components/ui/use-toast';
import { useCreateSnippet } from '@/lib/api/create-snippet';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/form-rules';
import { useUpdateSnippet } from '../api/update-snippet';

/** docs/product.md, Context Library: the snippet editor has 10 rows. */
export const SNIPPET_EDITOR_ROWS = 10;

/** The contract's rules: a name and content that are not blank ('Snippet name is required.', …). */
const RULES = {
  snippet_name: { validate: schemaRule(SnippetInput.shape.snippet_name) },
  snippet_content: { validate: schemaRule(SnippetInput.shape.snippet_content) },
};

export function SnippetForm({ snippet, onClose }: { snippet: Snippet | null; onClose: () => void }) {
  const editing = snippet !== null;
  // Errors show once a save was attempted, then follow every change; a refused save focuses the first.
  const {
    register,
    handleSubmit,
    watch,
    setFocus,
    formState: { errors },
  } = useForm({ defaultValues: { snippet_name: snippet?.snippet_name ?? '', snippet_content: snippet?.snippet_content ?? '' } });
  const returnFocus = useReturnFocus();
  const create = useCreateSnippet();
  const update = useUpdateSnippet();
  const mutation = editing ? update : create;
  const { toast } = useToast();

  const onSubmit = handleSubmit(({ snippet_name, snippet_content }) => {
    const input = { snippet_name: snippet_name.trim(), snippet_content };
    const onSuccess = () => {
      toast({ title: editing ? 'Snippet updated.' : 'Snippet created.', variant: 'success' });
      onClose();
    };
    if (snippet) update.mutate({ id: snippet.id, ...input }, { onSuccess });
    else create.mutate(input, { onSuccess });
  });

  const action = editing ? 'Save Changes' : 'Create Snippet';
  return (
    <DialogContent
      title={editing ? 'Edit Snippet' : 'Create Snippet'}
      size="lg"
      onCloseAutoFocus={returnFocus}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        setFocus('snippet_name');
      }}
    >
      <form className="context-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {mutation.isError ? <Alert>{errorMessage(mutation.error, editing ? 'Could not save the snippet.' : 'Could not create the snippet.')}</Alert> : null}
        <Field
          label="Snippet Name"
          error={errors.snippet_name?.message}
          description={`Use it in a prompt as [SNIPPET: ${watch('snippet_name').trim() || 'Snippet Name'}].`}
        >
          <Input
            placeholder="Company Bio"
            maxLength={SNIPPET_NAME_MAX}
            autoComplete="off"
            aria-required="true"
            required
            {...register('snippet_name', RULES.snippet_name)}
          />
        </Field>
        <Field label="Snippet Content" error={errors.snippet_content?.message}>
          <Textarea
            rows={SNIPPET_EDITOR_ROWS}
            maxLength={SNIPPET_CONTENT_MAX}
            placeholder="Acme Inc. builds accessible design tools for small teams..."
            aria-required="true"
            required
            {...register('snippet_content', RULES.snippet_content)}
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
