import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { LibraryCategory } from '@shared/contract/admin';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { mutationKeys } from '@/lib/query-keys';
import { useDeleteAdminCategory } from '../api/delete-admin-category';
import { CONFIRM, FAILURE, SEARCH_PLACEHOLDER, SUCCESS } from '../utils/messages';
import { useSearchedRows } from '../utils/search';
import { type AdminColumn, AdminTable } from './admin-table';
import { EmptyRows } from './empty-rows';
import { PanelHeader } from './panel-header';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePending } from './use-pending';

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

interface CategoryRowProps {
  category: LibraryCategory;
  rowIndex: number | undefined;
  deleting: boolean;
  onEdit: (category: LibraryCategory) => void;
  onDelete: (category: LibraryCategory) => void;
}

const CategoryRow = memo(function CategoryRow({ category, rowIndex, deleting, onEdit, onDelete }: CategoryRowProps) {
  return (
    <tr data-row aria-rowindex={rowIndex}>
      <th scope="row" className="admin-col--name">
        <span className="admin-cell-text" title={category.name}>
          {category.name}
        </span>
      </th>
      <td className="admin-col--count">
        <span className="admin-count">{category.prompt_count.toLocaleString()}</span>
      </td>
      <td className="admin-col--actions2">
        <div className="admin-row-actions">
          <IconButton label={`Edit category ${category.name}`} icon={<Pencil />} size="sm" disabled={deleting} onClick={() => onEdit(category)} />
          <IconButton
            label={`Delete category ${category.name}`}
            icon={<Trash2 />}
            variant="danger"
            size="sm"
            loading={deleting}
            onClick={() => onDelete(category)}
          />
        </div>
      </td>
    </tr>
  );
});
