import { useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, List } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import type { LibraryPrompt, LibrarySort } from '@shared/contract/library';
import { Checkbox } from '@/components/ui/checkbox';
import { cx } from '@/components/ui/cx';
import { IconButton } from '@/components/ui/icon-button';
import { LimitNote } from '@/components/ui/limit-note';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { categoriesQueryOptions } from '@/lib/api/get-categories';
import { useSavedLibraryIds } from '@/lib/api/get-prompts';
import { useCurrentWorkspaceId } from '@/lib/current-workspace';
import { ariaKeyShortcut, useKeyShortcut } from '@/lib/shortcuts';
import { useLibraryFilters } from '../api/get-library-filters';
import { libraryPromptsQueryOptions, useLibraryPrompts } from '../api/get-library-prompts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useLibraryParams } from '../hooks/use-library-params';
import { messages, SORT_LABELS } from '../utils/format';
import { FeaturedCarousel } from './featured-carousel';
import { LibraryCard } from './library-card';
import { LibraryEmpty } from './library-empty';
import { LibraryError } from './library-error';
import { LibraryPagination } from './library-pagination';
import { LibrarySidebar } from './library-sidebar';
import { LibrarySkeleton } from './library-skeleton';
// The featured carousel's rules before the page's: its skeleton is a featured box with the page's shimmer.
import './featured.css';
import './library.css';
import { type OpenedLibraryPrompt, openedLibraryPrompt } from '../utils/opened';

export const SEARCH_DEBOUNCE_MS = 250;

/** What 'Open' hands to the page's owner (the route shows it in the workbench). */
export interface LibraryPageProps {
  onOpenPrompt: (prompt: OpenedLibraryPrompt) => void;
  /** Why 'Save to My Prompts' is held (the plan's prompt limit reached), shown once above the results. */
  saveHeldBy?: string | null;
}

/**
 * The prompt library (docs/product.md): search, the featured elite carousel, the filter sidebar,
 * the results (grid or list) with paging. The whole view lives in the URL (useLibraryParams);
 * the server filters and pages, and the previous page stays on screen while the next loads.
 */
export function LibraryPage({ onOpenPrompt, saveHeldBy = null }: LibraryPageProps) {
  const queryClient = useQueryClient();
  const params = useLibraryParams();
  const { state } = params;
  const prompts = useLibraryPrompts(state);
  const filters = useLibraryFilters();
  const saved = useSavedLibraryIds();
  const data = prompts.data;
  const sortId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  const resultsHeadingId = useId();
  const heldNoteId = useId();

  // Search box: typed text goes to the URL once typing pauses; a URL change from elsewhere
  // (back button, 'Clear all') comes back into the box.
  const [searchText, setSearchText] = useState(state.search);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const lastSearch = useRef(state.search);
  const { setSearch } = params;
  // While a link is taking the user to another page (its module may still be loading), a late
  // search update must not pull them back here.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  useEffect(() => {
    if (debouncedSearch === lastSearch.current || leaving) return;
    lastSearch.current = debouncedSearch;
    setSearch(debouncedSearch);
  }, [debouncedSearch, leaving, setSearch]);
  useEffect(() => {
    if (state.search === lastSearch.current) return;
    lastSearch.current = state.search;
    setSearchText(state.search);
  }, [state.search]);

  // Warm what the next click needs: the following page and the user's categories.
  const nextPage = data && !prompts.isPlaceholderData && data.page < data.total_pages ? data.page + 1 : null;
  useEffect(() => {
    if (nextPage) void queryClient.prefetchQuery(libraryPromptsQueryOptions({ ...state, page: nextPage }));
  }, [nextPage, queryClient, state]);
  const workspace = useCurrentWorkspaceId();
  useEffect(() => {
    void queryClient.prefetchQuery(categoriesQueryOptions(workspace));
  }, [queryClient, workspace]);

  // Keyboard: '/' focuses the search box (not while typing or in a dialog).
  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);
  useKeyShortcut('search', focusSearch);

  const open = useCallback((prompt: LibraryPrompt) => onOpenPrompt(openedLibraryPrompt(prompt)), [onOpenPrompt]);

  const goToPage = (page: number) => {
    params.setPage(page);
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const updating = prompts.isPlaceholderData && prompts.isFetching;

  // The router commits a URL change in a transition, so a control bound to the URL alone would
  // flip back until it lands: show the choice at once and follow the URL after.
  const [availableShown, setAvailableShown] = useState(state.available);
  useEffect(() => setAvailableShown(state.available), [state.available]);
  const [sortShown, setSortShown] = useState(state.sort);
  useEffect(() => setSortShown(state.sort), [state.sort]);

  return (
    <div className="library">
      <div className="library__search">
        <SearchInput
          ref={searchRef}
          value={searchText}
          onValueChange={setSearchText}
          label="Search the library"
          aria-keyshortcuts={ariaKeyShortcut('search')}
          placeholder={messages.searchPlaceholder}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>

      {prompts.isError && !data ? (
        <LibraryError onRetry={() => void prompts.refetch()} retrying={prompts.isFetching} />
      ) : (
        <>
          {data ? <FeaturedCarousel prompts={data.featured} onOpen={open} /> : <div className="featured featured--skeleton lib-skeleton" aria-hidden="true" />}

          <div className="library__body">
            <LibrarySidebar
              state={state}
              filters={filters.data}
              filtersError={filters.isError}
              availableTasks={data?.available_tasks}
              onToggleCategory={params.toggleCategory}
              onToggleIndustry={params.toggleIndustry}
              onToggleTask={params.toggleTask}
              onClearTasks={params.clearTasks}
              onClearAll={params.clearAll}
            />

            <section ref={resultsRef} className="library__results" aria-labelledby={resultsHeadingId} aria-busy={updating || undefined}>
              <h2 id={resultsHeadingId} className="visually-hidden">
                Library prompts
              </h2>
              <div className="library__results-head">
                <p className="library__count" role="status">
                  {data ? messages.showing(data.prompts.length, data.total) : '\u00a0'}
                </p>
                <div className="library__order">
                  <Checkbox
                    className="library__available"
                    label="Available on my plan"
                    checked={availableShown}
                    onChange={(event) => {
                      setAvailableShown(event.currentTarget.checked);
                      params.setAvailable(event.currentTarget.checked);
                    }}
                  />
                  <label htmlFor={sortId} className="library__sort-label">
                    Sort by
                  </label>
                  <Select
                    id={sortId}
                    className="library__sort"
                    value={sortShown}
                    onChange={(event) => {
                      const sort = event.currentTarget.value as LibrarySort;
                      setSortShown(sort);
                      params.setSort(sort);
                    }}
                  >
                    {Object.entries(SORT_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                </div>
                {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons named as one group; a fieldset would bring its own border and layout. */}
                <div className="library__layout" role="group" aria-label="Layout">
                  <IconButton
                    label="Grid view"
                    icon={<LayoutGrid />}
                    size="sm"
                    aria-pressed={state.layout === 'grid'}
                    className="library__layout-btn"
                    onClick={() => params.setLayout('grid')}
                  />
                  <IconButton
                    label="List view"
                    icon={<List />}
                    size="sm"
                    aria-pressed={state.layout === 'list'}
                    className="library__layout-btn"
                    onClick={() => params.setLayout('list')}
                  />
                </div>
              </div>

              {saveHeldBy ? (
                <LimitNote id={heldNoteId} className="library__limit-note">
                  {saveHeldBy}
                </LimitNote>
              ) : null}
              {!data ? (
                <LibrarySkeleton layout={state.layout} />
              ) : data.total === 0 ? (
                <LibraryEmpty onClearAll={params.clearAll} />
              ) : (
                <ul className={cx('lib-results', `lib-results--${state.layout}`, updating && 'lib-results--updating')}>
                  {data.prompts.map((prompt) => (
                    <li key={prompt.id} className="lib-results__item">
                      <LibraryCard
                        prompt={prompt}
                        layout={state.layout}
                        onOpen={open}
                        saved={saved?.has(prompt.id) ?? false}
                        saveHeldNoteId={saveHeldBy ? heldNoteId : undefined}
                      />
                    </li>
                  ))}
                </ul>
              )}

              {data ? <LibraryPagination page={data.page} totalPages={data.total_pages} onPageChange={goToPage} /> : null}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
