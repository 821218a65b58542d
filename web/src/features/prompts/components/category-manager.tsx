import { CategoryManagerDialog } from './category-manager-dialog';

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
  return open ? <CategoryManagerDialog onClose={() => onOpenChange(false)} maxCategories={maxCategories} /> : null;
}
