import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { CATEGORY_NAME_MAX, type Category } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useCategories } from '@/lib/workspace-api';
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
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
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
  renaming: { id: string; name: string } | null;
  setRenaming: (value: { id: string; name: string } | null) => void;
}

function CategoryManagerBody({ maxCategories, renaming, setRenaming }: BodyProps) {
  const { confirm } = useDialogs();
  const { data: categories, isPending, isError } = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const newNameId = useId();
  const countId = useId();

  const count = categories?.length ?? 0;
  const atLimit = maxCategories !== null && count >= maxCategories;
  const countText = maxCategories !== null ? `${count}/${maxCategories} used` : plural(count, 'category', 'categories');

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name || atLimit || create.isPending) return;
    setError(null);
    try {
      await create.mutateAsync(name);
      setNewName('');
    } catch (failure) {
      setError(failureText(failure, FALLBACK.createCategory));
    }
  };

  const onRename = async (category: Category) => {
    if (!renaming || update.isPending) return;
    const name = renaming.name.trim();
    if (!name) return;
    if (name === category.name) return setRenaming(null);
    setError(null);
    try {
      await update.mutateAsync({ id: category.id, name });
      setRenaming(null);
    } catch (failure) {
      setError(failureText(failure, FALLBACK.updateCategory));
    }
  };

  const onDelete = async (category: Category) => {
    if (!(await confirm(CONFIRM.deleteCategory, { confirmLabel: 'Delete', danger: true }))) return;
    setError(null);
    try {
      await remove.mutateAsync(category.id);
      if (renaming?.id === category.id) setRenaming(null);
    } catch (failure) {
      setError(failureText(failure, FALLBACK.deleteCategory));
    }
  };

  return (
    <div className="category-manager__content">
      <form className="category-manager__create" onSubmit={(event) => void onCreate(event)}>
        <label htmlFor={newNameId} className="visually-hidden">
          New category name
        </label>
        <Input
          id={newNameId}
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          maxLength={CATEGORY_NAME_MAX}
          placeholder={atLimit ? TEXT.categoryLimitReached : 'New category name'}
          disabled={atLimit || create.isPending}
          aria-describedby={countId}
          autoComplete="off"
        />
        <Button type="submit" icon={<Plus aria-hidden="true" />} loading={create.isPending} disabled={atLimit || !newName.trim()}>
          {create.isPending ? 'Adding...' : 'Add'}
        </Button>
      </form>

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
            const isRenaming = renaming?.id === category.id;
            const saving = isRenaming && update.isPending;
            const deleting = remove.isPending && remove.variables === category.id;
            return (
              <li key={category.id} className="category-row">
                {isRenaming ? (
                  <form
                    className="category-row__rename"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void onRename(category);
                    }}
                  >
                    <Input
                      aria-label={`New name for ${category.name}`}
                      value={renaming.name}
                      onChange={(event) => setRenaming({ id: category.id, name: event.target.value })}
                      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                        if (event.key === 'Escape') setRenaming(null);
                      }}
                      maxLength={CATEGORY_NAME_MAX}
                      disabled={saving}
                      autoFocus
                      autoComplete="off"
                    />
                    <Button type="submit" size="sm" icon={<Check aria-hidden="true" />} loading={saving} disabled={!renaming.name.trim()}>
                      {saving ? 'Saving...' : 'Save'}
                    </Button>
                    <Button size="sm" variant="ghost" icon={<X aria-hidden="true" />} disabled={saving} onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </form>
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
                          setRenaming({ id: category.id, name: category.name });
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
