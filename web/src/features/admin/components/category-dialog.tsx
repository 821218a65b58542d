import { useForm } from 'react-hook-form';
import { type LibraryCategory, LibraryCategoryInput } from '@shared/contract/admin';
import { CATEGORY_NAME_MAX } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { schemaRule } from '@/lib/form-rules';
import { useCreateAdminCategory } from '../api/create-admin-category';
import { useUpdateAdminCategory } from '../api/update-admin-category';
import { FAILURE, SUCCESS } from '../utils/messages';

export interface CategoryDialogProps {
  /** The category being edited; none to create one. */
  category?: LibraryCategory;
  onClose: () => void;
}

/** The contract's name: trimmed, at most CATEGORY_NAME_MAX characters, one clean line. */
const nameRule = { validate: schemaRule(LibraryCategoryInput.shape.name) };

/**
 * 'Create New Category' / 'Edit Category': one field, Category Name. Save is disabled while the
 * name is blank (after trimming) or while saving; success closes the dialog and reloads all data,
 * a failure keeps it open and shows the server's reason.
 */
export function CategoryDialog({ category, onClose }: CategoryDialogProps) {
  const editing = category !== undefined;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ defaultValues: { name: category?.name ?? '' } });
  const { toast } = useToast();
  const create = useCreateAdminCategory();
  const update = useUpdateAdminCategory();
  const saving = create.isPending || update.isPending;
  const blank = !watch('name').trim();

  const onSubmit = handleSubmit(async ({ name }) => {
    if (saving) return;
    try {
      if (editing) await update.mutateAsync({ id: category.id, name: name.trim() });
      else await create.mutateAsync({ name: name.trim() });
      toast({ variant: 'success', title: editing ? SUCCESS.categoryUpdated : SUCCESS.categoryCreated });
      onClose();
    } catch (error) {
      toast({ variant: 'error', title: errorMessage(error, editing ? FAILURE.updateCategory : FAILURE.createCategory) });
    }
  });

  return (
    <ModalDialog
      onClose={onClose}
      title={editing ? 'Edit Category' : 'Create New Category'}
      description={editing ? 'Prompts in this category follow the new name.' : 'A new category for library prompts.'}
      size="sm"
    >
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="Category Name" description={`Up to ${CATEGORY_NAME_MAX} characters.`} error={errors.name?.message}>
          <Input maxLength={CATEGORY_NAME_MAX} required autoComplete="off" autoFocus {...register('name', nameRule)} />
        </Field>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank} loading={saving}>
            {editing ? 'Save Changes' : 'Create Category'}
          </Button>
        </DialogFooter>
      </form>
    </ModalDialog>
  );
}
