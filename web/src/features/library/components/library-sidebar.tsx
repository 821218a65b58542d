import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { LibraryFilters } from '@shared/contract/library';
import { Button } from '@/components/ui/button';
import { ChipGroup } from '@/components/ui/chip-group';
import { cx } from '@/components/ui/cx';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { ToggleChip } from '@/components/ui/toggle-chip';
import type { LibraryViewState } from '../hooks/use-library-params';
import { messages } from '../utils/format';
import '@/components/ui/list-option.css';
import './library-filters.css';

export interface LibrarySidebarProps {
  state: LibraryViewState;
  /** Every category, task and industry of the library (undefined while loading). */
  filters: LibraryFilters | undefined;
  filtersError: boolean;
  /** Tasks among the prompts matching the search, category and industries. */
  availableTasks: string[] | undefined;
  onToggleCategory: (name: string) => void;
  onToggleIndustry: (name: string) => void;
  onToggleTask: (name: string) => void;
  onClearTasks: () => void;
  onClearAll: () => void;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** The offered values plus the selected ones (a shared link may name a value no longer offered). */
const withSelected = (offered: string[], selected: string[]) => [...new Set([...offered, ...selected])].sort(byName);

/**
 * The filters: Category / Industry tabs of toggle chips (category single-select, industry
 * multi-select) and the Task chip group with Clear. On narrow screens it folds into a
 * 'Filters' disclosure above the results.
 */
export function LibrarySidebar(props: LibrarySidebarProps) {
  const { state, filters, filtersError, availableTasks, onToggleCategory, onToggleIndustry, onToggleTask, onClearTasks, onClearAll } = props;
  const panelId = useId();
  const taskHeadingId = useId();
  const [expanded, setExpanded] = useState(false);
  // Open on the tab that holds the current selection.
  const [tab, setTab] = useState(state.industries.length && !state.category ? 'industry' : 'category');

  const categories = withSelected(filters?.categories ?? [], state.category ? [state.category] : []);
  const industries = withSelected(filters?.industries ?? [], state.industries);
  const tasks = withSelected(availableTasks ?? [], state.tasks);
  const activeCount = (state.category ? 1 : 0) + state.industries.length + state.tasks.length;

  const loadingOrError = (what: string) =>
    filtersError ? (
      <p className="status-note">Could not load the {what}.</p>
    ) : (
      <p className="status-note" role="status">
        <Spinner size="sm" /> Loading {what}...
      </p>
    );

  return (
    <aside className="lib-filters" aria-label="Filters">
      <button type="button" className="list-option lib-filters__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={() => setExpanded((e) => !e)}>
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {activeCount ? <span className="lib-filters__count">{activeCount} active</span> : null}
      </button>

      <div id={panelId} className={cx('lib-filters__panel', expanded && 'lib-filters__panel--open')}>
        <div className="lib-filters__head">
          <h2 className="lib-filters__title">Filters</h2>
          {activeCount || state.search ? (
            <Button variant="ghost" size="sm" icon={<X aria-hidden="true" />} onClick={onClearAll}>
              Clear all
            </Button>
          ) : null}
        </div>

        <Tabs
          label="Filter by"
          value={tab}
          onValueChange={setTab}
          items={[
            {
              value: 'category',
              label: 'Category',
              aside: state.category ? 1 : undefined,
              content: filters ? (
                <ChipGroup label="Categories">
                  {categories.map((name) => (
                    <ToggleChip key={name} size="sm" pressed={state.category === name} onPressedChange={() => onToggleCategory(name)}>
                      {name}
                    </ToggleChip>
                  ))}
                </ChipGroup>
              ) : (
                loadingOrError('categories')
              ),
            },
            {
              value: 'industry',
              label: 'Industry',
              aside: state.industries.length || undefined,
              content: filters ? (
                <ChipGroup label="Industries">
                  {industries.map((name) => (
                    <ToggleChip key={name} size="sm" pressed={state.industries.includes(name)} onPressedChange={() => onToggleIndustry(name)}>
                      {name}
                    </ToggleChip>
                  ))}
                </ChipGroup>
              ) : (
                loadingOrError('industries')
              ),
            },
          ]}
        />

        <section className="lib-filters__tasks" aria-labelledby={taskHeadingId}>
          <div className="lib-filters__tasks-head">
            <h3 id={taskHeadingId} className="lib-filters__subtitle">
              Task
            </h3>
            <Button variant="ghost" size="sm" onClick={onClearTasks} disabled={!state.tasks.length}>
              Clear
            </Button>
          </div>
          {availableTasks === undefined ? (
            <p className="status-note" role="status">
              <Spinner size="sm" /> Loading tasks...
            </p>
          ) : tasks.length ? (
            <ChipGroup label="Tasks" className="lib-filters__task-chips">
              {tasks.map((name) => (
                <ToggleChip key={name} size="sm" pressed={state.tasks.includes(name)} onPressedChange={() => onToggleTask(name)}>
                  {name}
                </ToggleChip>
              ))}
            </ChipGroup>
          ) : (
            <p className="status-note">{messages.noTasks}</p>
          )}
        </section>
      </div>
    </aside>
  );
}
