import { FolderCog, Plus } from 'lucide-react';
import { useId } from 'react';
import type { Category } from '@shared/contract/prompts';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { LimitNote } from '@/components/ui/limit-note';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { ariaKeyShortcut } from '@/lib/shortcuts';
import { TEXT } from '../utils/messages';
import { CategoryFilterButton } from './category-filter-button';
import './prompts-sidebar.css';

export interface PromptsSidebarProps {
  total: number | undefined;
  categories: Category[] | undefined;
  categoriesError: boolean;
  selectedCategoryId: string | null;
  onSelectCategory: (id: string | null) => void;
  /** The plan-limit note; when set the create button is shown disabled. */
  limitNote: string | null;
  onCreate: () => void;
  onManage: () => void;
  /** Why this workspace cannot be changed here (a team's viewer): Create and Manage give way to it. */
  readOnly?: string | null;
}

/** Create New Prompt (disabled with a note at the plan limit), the category filter and Manage. */
export function PromptsSidebar({
  total,
  categories,
  categoriesError,
  selectedCategoryId,
  onSelectCategory,
  limitNote,
  onCreate,
  onManage,
  readOnly = null,
}: PromptsSidebarProps) {
  const noteId = useId();
  const headingId = useId();
  return (
    <aside className="prompts-sidebar" aria-label="Prompt categories">
      <div className="prompts-sidebar__create">
        {readOnly ? <ReadOnlyNote>{readOnly}</ReadOnlyNote> : null}
        {/*
          At the limit the button stays focusable but is marked disabled (aria-disabled), with the note
          as its description; pressing it anyway explains the block with the product's limit alert.
        */}
        {readOnly ? null : (
          <Button
            block
            icon={<Plus aria-hidden="true" />}
            className={cx('prompts-sidebar__create-btn', limitNote && 'is-disabled')}
            aria-disabled={limitNote ? true : undefined}
            aria-describedby={limitNote ? noteId : undefined}
            aria-keyshortcuts={ariaKeyShortcut('newPrompt')}
            onClick={onCreate}
          >
            {TEXT.createNew}
          </Button>
        )}
        {!readOnly && limitNote ? <LimitNote id={noteId}>{limitNote}</LimitNote> : null}
      </div>

      <section className="prompts-sidebar__section" aria-labelledby={headingId}>
        <div className="prompts-sidebar__heading">
          <h2 id={headingId}>Categories</h2>
          {readOnly ? null : (
            <Button variant="ghost" size="sm" icon={<FolderCog aria-hidden="true" />} onClick={onManage}>
              Manage
            </Button>
          )}
        </div>
        <ul className="category-filter">
          <li>
            <CategoryFilterButton label={TEXT.allPrompts} count={total} selected={selectedCategoryId === null} onSelect={() => onSelectCategory(null)} icon />
          </li>
          {categories?.map((category) => (
            <li key={category.id}>
              <CategoryFilterButton
                label={category.name}
                count={category.prompt_count}
                selected={selectedCategoryId === category.id}
                onSelect={() => onSelectCategory(selectedCategoryId === category.id ? null : category.id)}
              />
            </li>
          ))}
        </ul>
        {categoriesError ? <p className="prompts-sidebar__hint">Could not load your categories.</p> : null}
        {categories && categories.length === 0 && !readOnly ? <p className="prompts-sidebar__hint">No categories yet. Use Manage to add some.</p> : null}
      </section>
    </aside>
  );
}
