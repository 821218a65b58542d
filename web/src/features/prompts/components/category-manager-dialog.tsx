import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { TEXT } from '../utils/messages';
import { CategoryManagerBody } from './category-manager-body';
import './category-manager.css';

/** Mounted while open, so focus can go back to whatever opened it. */
export function CategoryManagerDialog({ onClose, maxCategories }: { onClose: () => void; maxCategories: number | null }) {
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
