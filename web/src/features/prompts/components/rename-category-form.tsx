import { Check, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CATEGORY_NAME_MAX, type Category } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useUpdateCategory } from '../api/update-category';
import { categoryNameRule, type ShowError } from '../utils/category-name';
import { FALLBACK, failureText } from '../utils/messages';
import './category-manager.css';

/** The inline rename of one category: Enter saves (an unchanged name just closes it), Escape cancels. */
export function RenameCategoryForm({ category, onDone, showError }: { category: Category; onDone: () => void; showError: ShowError }) {
  const update = useUpdateCategory();
  const { register, handleSubmit, watch, setFocus } = useForm({ defaultValues: { name: category.name } });
  const saving = update.isPending;
  useFocusOnFailure(update.isError, setFocus, 'name');

  const onRename = handleSubmit(
    ({ name }) => {
      if (name.trim() === category.name) return onDone();
      showError(null);
      update.mutate(
        { id: category.id, name: name.trim() },
        { onSuccess: onDone, onError: (failure) => showError(failureText(failure, FALLBACK.updateCategory)) },
      );
    },
    (errors) => showError(errors.name?.message ?? null),
  );

  return (
    <form className="category-row__rename" onSubmit={(event) => void onRename(event)} noValidate>
      <Input
        aria-label={`New name for ${category.name}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        maxLength={CATEGORY_NAME_MAX}
        disabled={saving}
        autoFocus
        autoComplete="off"
        {...register('name', categoryNameRule)}
      />
      <Button type="submit" size="sm" icon={<Check aria-hidden="true" />} loading={saving} disabled={!watch('name').trim()}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
      <Button size="sm" variant="ghost" icon={<X aria-hidden="true" />} disabled={saving} onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
