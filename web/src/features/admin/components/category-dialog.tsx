import { type FormEvent, useState } from 'react';
import type { LibraryCategory } from '@shared/contract/admin';
import { CATEGORY_NAME_MAX } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { DialogFooter, ModalDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateAdminCategory } from '../api/create-admin-category';
import { useUpdateAdminCategory } from '../api/update-admin-category';
import { FAILURE, SUCCESS } from '../utils/messages';

export interface CategoryDialogProps {
  /** The category being edited; none to create one. */
  category?: LibraryCategory;
  onClose: () => void;
}

/**
 * 'Create New Category' / 'Edit Category': one field, Category Name. Save is disabled while the
 * name is blank (after trimming) or while saving; success closes the dialog and reloads all data,
 * a failure keeps it open and shows the server's reason.
 */
export function CategoryDialog({ category, onClose }: CategoryDialogProps) {
  const editing = category !== undefined;
  const [name, setName] = useState(category?.name ?? '');
  const { toast } = useToast();
  const create = useCreateAdminCategory();
  const update = useUpdateAdminCategory();
  const saving = create.isPending || update.isPending;
  const trimmed = name.trim();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || saving) return;
    try {
      if (editing) await update.mutateAsync({ id: category.id, name: trimmed });
      else await create.mutateAsync({ name: trimmed });
      toast({ variant: 'success', title: editing ? SUCCESS.categoryUpdated : SUCCESS.categoryCreated });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, editing ? FAILURE.updateCategory : FAILURE.createCategory) });
    }
  };

  return (
    <ModalDialog
      onClose={onClose}
      title={editing ? 'Edit Category' : 'Create New Category'}
      description={editing ? 'Prompts in this category follow the new name.' : 'A new category for library prompts.'}
      size="sm"
    >
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Category Name" description={`Up to ${CATEGORY_NAME_MAX} characters.`}>
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={CATEGORY_NAME_MAX} required autoComplete="off" autoFocus />
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!trimmed} loading={saving}>
            {editing ? 'Save Changes' : 'Create Category'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
