import { BookUp } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Prompt } from '@shared/contract/prompts';
import type { Tier } from '@shared/tiers';
import { TierOptions } from '@/components/tier-options';
import { Button } from '@/components/ui/button';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/use-toast';
import { useLibraryCategories } from '@/lib/api/get-library-categories';
import { errorMessage } from '@/lib/api-client';
import { usePublishToLibrary } from '../api/publish-to-library';
import { FALLBACK, SUCCESS, TEXT } from '../utils/messages';
import { DialogError } from './dialog-error';
import './prompt-dialogs.css';

export function PublishForm({ prompt, onClose }: { prompt: Prompt; onClose: () => void }) {
  const { toast } = useToast();
  const categoriesQuery = useLibraryCategories();
  const publish = usePublishToLibrary();
  const { register, handleSubmit } = useForm<{ category_id: string; access_tier: Tier }>({ defaultValues: { category_id: '', access_tier: 'free' } });
  const errorId = useId();
  const busy = publish.isPending;
  const error = publish.isError ? errorMessage(publish.error, FALLBACK.publish) : null;
  const categories = categoriesQuery.data ?? [];

  // An empty category is the library's 'Uncategorized'.
  const onSubmit = handleSubmit(({ category_id, access_tier }) =>
    publish.mutate(
      { prompt_id: prompt.id, category_id: category_id || null, access_tier },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: SUCCESS.published(prompt.title) });
          onClose();
        },
      },
    ),
  );

  let categoryNote: string | undefined;
  if (categoriesQuery.isPending) categoryNote = 'Loading library categories...';
  else if (categoriesQuery.isError) categoryNote = 'Could not load the library categories; it can still be published uncategorized.';

  return (
    <ModalDialog
      onClose={onClose}
      busy={busy}
      title={TEXT.publishToLibrary}
      description="A copy goes into the prompt library; your own prompt stays as it is."
      size="sm"
      className="publish-dialog"
    >
      <form className="publish-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={error ? errorId : undefined}>
        <p className="publish-dialog__prompt">
          <BookUp aria-hidden="true" />
          <span className="visually-hidden">Prompt: </span>
          <span className="publish-dialog__title">{prompt.title}</span>
        </p>

        <Field label="Library category" description={categoryNote}>
          <Select disabled={busy} {...register('category_id')}>
            <option value="">Uncategorized</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </Field>

        <Field label="Access tier">
          <Select disabled={busy} {...register('access_tier')}>
            <TierOptions />
          </Select>
        </Field>

        <DialogError id={errorId}>{error}</DialogError>

        <DialogFooter>
          <DialogCancel disabled={busy} />
          <Button type="submit" loading={busy}>
            {busy ? 'Publishing...' : 'Publish'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
