import { Layers } from 'lucide-react';
import { cx } from '@/components/ui/cx';
import { plural } from '../utils/filter-prompts';
import '@/components/ui/list-option.css';
import './prompts-sidebar.css';

export function CategoryFilterButton({
  label,
  count,
  selected,
  onSelect,
  icon = false,
}: {
  label: string;
  count: number | undefined;
  selected: boolean;
  onSelect: () => void;
  icon?: boolean;
}) {
  return (
    <button type="button" className={cx('list-option category-filter__item', selected && 'is-selected')} aria-pressed={selected} onClick={onSelect}>
      {icon ? <Layers aria-hidden="true" className="category-filter__icon" /> : <span aria-hidden="true" className="category-filter__dot" />}
      <span className="category-filter__name">{label}</span>
      {count !== undefined ? (
        <>
          <span className="category-filter__count" aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">({plural(count, 'prompt', 'prompts')})</span>
        </>
      ) : null}
    </button>
  );
}
