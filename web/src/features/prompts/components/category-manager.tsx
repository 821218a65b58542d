import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORY_NAME_MAX, type Category, CategoryInput } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { useCategories } from '@/lib/api/get-categories';
import { schemaRule } from '@/lib/form-rules';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useUpdateCategory } from '../api/update-category';
import { plural } from '../utils/filter-prompts';
import { CONFIRM, FALLBACK, failureText, TEXT } from '../utils/messages';
import { DialogError } from './dialog-error';

export interface CategoryManagerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan's max_categories; null when unlimited. */
  maxCategories: number | null;
}

/**
 * 'Manage Categories' (docs/product.md, My Prompts): create (disabled at the plan limit), rename inline
 * (Enter saves, Escape cancels), delete with confirmation; every action reloads the lists.
 */
export function CategoryManager({ open, onOpenChange, maxCategories }: CategoryManagerProps) {
  return open ? <ManagerDialog onClose={() => onOpenChange(false)} maxCategories={maxCategories} /> : null;
}

/** Mounted while open, so focus can go back to whatever opened it. */
function ManagerDialog({ onClose, maxCategories }: { onClose: () => void; maxCategories: number | null }) {
  // The id of the category being renamed.
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <ModalDialog
      onClose={onClose}
      title={TEXT.manageCategories}
      size="md"
      className="category-manager"
      onEscapeKeyDown={(event) => {
        // Escape while renaming cancels the rename, not the whole dialog.
        if (renaming) {
          event.preventDefault();
          setRenaming(null);
        }
      }}
    >
      <CategoryManagerBody maxCategories={maxCategories} renaming={renaming} setRenaming={setRenaming} />
    </ModalDialog>
  );
}

interface BodyProps {
  maxCategories: number | null;
  renaming: string | null;
  setRenaming: (id: string | null) => void;
}

/** The contract's category name: required after trimming, at most CATEGORY_NAME_MAX characters, one clean line. */
const nameRule = { validate: schemaRule(CategoryInput.shape.name) };

/** A name form's outcome for the dialog's one error line: the rule a name broke, or the server's reason. */
type ShowError = (error: string | null) => void;

function CategoryManagerBody({ maxCategories, renaming, setRenaming }: BodyProps) {
  const { confirm } = useDialogs();
  const { data: categories, isPending, isError } = useCategories();
  const remove = useDeleteCategory();
  const [error, setError] = useState<string | null>(null);
  const countId = useId();

  const count = categories?.length ?? 0;
  const atLimit = maxCategories !== null && count >= maxCategories;
  const countText = maxCategories !== null ? `${count}/${maxCategories} used` : plural(count, 'category', 'categories');

  const onDelete = async (category: Category) => {
    if (!(await confirm(CONFIRM.deleteCategory, { confirmLabel: 'Delete', danger: true }))) return;
    setError(null);
    try {
      await remove.mutateAsync(category.id);
      if (renaming === category.id) setRenaming(null);
    } catch (failure) {
      setError(failureText(failure, FALLBACK.deleteCategory));
    }
  };

  return (
    <div className="category-manager__content">
      <CreateForm atLimit={atLimit} countId={countId} showError={setError} />

      <p id={countId} className="category-manager__count">
        {countText}
      </p>

      <DialogError>{error}</DialogError>

      {isPending ? (
        <p className="category-manager__empty" role="status">
          <Spinner size="sm" /> Loading categories...
        </p>
      ) : isError ? (
        <DialogError>Could not load your categories.</DialogError>
      ) : categories.length === 0 ? (
        <p className="category-manager__empty">No categories yet. Add your first one above.</p>
      ) : (
        <ul className="category-manager__list" aria-label="Your categories">
          {categories.map((category) => {
            const deleting = remove.isPending && remove.variables === category.id;
            return (
              <li key={category.id} className="category-row">
                {renaming === category.id ? (
                  <RenameForm category={category} onDone={() => setRenaming(null)} showError={setError} />
                ) : (
                  <>
                    <div className="category-row__info">
                      <span className="category-row__name">{category.name}</span>
                      <span className="category-row__count">{plural(category.prompt_count, 'prompt', 'prompts')}</span>
                    </div>
                    <div className="category-row__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={<Pencil aria-hidden="true" />}
                        disabled={deleting}
                        onClick={() => {
                          setError(null);
                          setRenaming(category.id);
                        }}
                      >
                        Rename<span className="visually-hidden"> {category.name}</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="category-row__delete"
                        icon={<Trash2 aria-hidden="true" />}
                        loading={deleting}
                        onClick={() => void onDelete(category)}
                      >
                        {deleting ? 'Deleting...' : 'Delete'}
                        <span className="visually-hidden"> {category.name}</span>
                      </Button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** 'New category name' and Add; a refused name puts the focus back in the field (it was disabled while sent). */
function CreateForm({ atLimit, countId, showError }: { atLimit: boolean; countId: string; showError: ShowError }) {
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
        {...register('name', nameRule)}
      />
      <Button type="submit" icon={<Plus aria-hidden="true" />} loading={create.isPending} disabled={atLimit || !watch('name').trim()}>
        {create.isPending ? 'Adding...' : 'Add'}
      </Button>
    </form>
  );
}

/** The inline rename of one category: Enter saves (an unchanged name just closes it), Escape cancels. */
function RenameForm({ category, onDone, showError }: { category: Category; onDone: () => void; showError: ShowError }) {
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
        {...register('name', nameRule)}
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
