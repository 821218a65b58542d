import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORY_NAME_MAX } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useCreateCategory } from '../api/create-category';
import { categoryNameRule, type ShowError } from '../utils/category-name';
import { FALLBACK, failureText, TEXT } from '../utils/messages';
import './category-manager.css';

/** 'New category name' and Add; a refused name puts the focus back in the field (it was disabled while sent). */
export function CreateCategoryForm({ atLimit, countId, showError }: { atLimit: boolean; countId: string; showError: ShowError }) {
  const create = useCreateCategory();
  const { register, handleSubmit, watch, reset, setFocus } = useForm({ defaultValues: { name: '' } });
  const newNameId = useId();
  useFocusOnFailure(create.isError, setFocus, 'name');

  const onCreate = handleSubmit(
    ({ name }) => {
      showError(null);
      create.mutate(name.trim(), { onSuccess: () => reset(), onError: (failure) => showError(failureText(failure, FALLBACK.createCategory)) });
    },
    (errors) => showError(errors.name?.message ?? null),
  );

  return (
    <form className="category-manager__create" onSubmit={(event) => void onCreate(event)} noValidate>
      <label htmlFor={newNameId} className="visually-hidden">
        New category name
      </label>
      <Input
        id={newNameId}
        maxLength={CATEGORY_NAME_MAX}
        placeholder={atLimit ? TEXT.categoryLimitReached : 'New category name'}
        disabled={atLimit || create.isPending}
        aria-describedby={countId}
        autoComplete="off"
        {...register('name', categoryNameRule)}
      />
      <Button type="submit" icon={<Plus aria-hidden="true" />} loading={create.isPending} disabled={atLimit || !watch('name').trim()}>
        {create.isPending ? 'Adding...' : 'Add'}
      </Button>
    </form>
  );
}
