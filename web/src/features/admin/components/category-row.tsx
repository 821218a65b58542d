import { Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { LibraryCategory } from '@shared/contract/admin';
import { IconButton } from '@/components/ui/icon-button';
import './admin-table.css';

interface CategoryRowProps {
  category: LibraryCategory;
  rowIndex: number | undefined;
  deleting: boolean;
  onEdit: (category: LibraryCategory) => void;
  onDelete: (category: LibraryCategory) => void;
}

export const CategoryRow = memo(function CategoryRow({ category, rowIndex, deleting, onEdit, onDelete }: CategoryRowProps) {
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
