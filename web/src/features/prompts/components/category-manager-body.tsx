import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Category } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useCategories } from '@/lib/api/get-categories';
import { useDeleteCategory } from '../api/delete-category';
import { plural } from '../utils/filter-prompts';
import { CONFIRM, FALLBACK, failureText } from '../utils/messages';
import { CreateCategoryForm } from './create-category-form';
import { DialogError } from './dialog-error';
import { RenameCategoryForm } from './rename-category-form';
import './category-manager.css';

interface BodyProps {
  maxCategories: number | null;
  renaming: string | null;
  setRenaming: (id: string | null) => void;
}

export function CategoryManagerBody({ maxCategories, renaming, setRenaming }: BodyProps) {
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
      <CreateCategoryForm atLimit={atLimit} countId={countId} showError={setError} />

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
                  <RenameCategoryForm category={category} onDone={() => setRenaming(null)} showError={setError} />
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
