import { FolderPlus } from 'lucide-react';
import type { LibraryCategory } from '@shared/contract/admin';
import { Button } from '@/components/ui/button';
import { mutationKeys } from '@/lib/query-keys';
import { useDeleteAdminCategory } from '../api/delete-admin-category';
import { CONFIRM, FAILURE, SEARCH_PLACEHOLDER, SUCCESS } from '../utils/messages';
import { useSearchedRows } from '../utils/search';
import { type AdminColumn, AdminTable } from './admin-table';
import { CategoryRow } from './category-row';
import { EmptyRows } from './empty-rows';
import { PanelHeader } from './panel-header';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePending } from './use-pending';
import './admin-table.css';

const COLUMNS: AdminColumn[] = [
  { header: 'Category Name', className: 'admin-col--name' },
  { header: 'Prompt Count', className: 'admin-col--count' },
  { header: 'Actions', className: 'admin-col--actions2', hiddenHeader: true },
];

const categoryName = (category: LibraryCategory) => category.name;

const idOf = (id: string) => id;

export interface CategoriesPanelProps {
  categories: readonly LibraryCategory[];
  query: string;
  onQueryChange: (query: string) => void;
  onCreate: () => void;
  onEdit: (category: LibraryCategory) => void;
}

/** Categories tab: the library categories, searched by name; create and edit open the category dialog. */
export function CategoriesPanel({ categories, query, onQueryChange, onCreate, onEdit }: CategoriesPanelProps) {
  const { rows, total } = useSearchedRows(categories, query, categoryName);
  const { mutateAsync: deleteCategory } = useDeleteAdminCategory();
  const deleting = usePending(mutationKeys.admin.deleteCategory, idOf);

  const onDelete = useConfirmedDelete((category: LibraryCategory) => deleteCategory(category.id), {
    confirm: CONFIRM.deleteCategory,
    success: SUCCESS.categoryDeleted,
    failure: FAILURE.deleteCategory,
  });

  return (
    <>
      <PanelHeader
        title="Categories"
        description="Library categories. Deleting one keeps its prompts in the library, uncategorized."
        search={{ placeholder: SEARCH_PLACEHOLDER.categories, value: query, onValueChange: onQueryChange }}
        shown={rows.length}
        total={total}
        noun={['category', 'categories']}
        action={
          <Button icon={<FolderPlus aria-hidden="true" />} onClick={onCreate}>
            New Category
          </Button>
        }
      />
      <AdminTable
        caption="Library categories"
        className="admin-table--categories"
        columns={COLUMNS}
        rows={rows}
        empty={<EmptyRows query={query} noun="categories" emptyText="No library categories yet." />}
        renderRow={(category, rowIndex) => (
          <CategoryRow key={category.id} category={category} rowIndex={rowIndex} deleting={deleting.has(category.id)} onEdit={onEdit} onDelete={onDelete} />
        )}
      />
    </>
  );
}
