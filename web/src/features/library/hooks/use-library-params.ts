import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIBRARY_SORTS, type LibrarySort } from '@shared/contract/library';
import type { LibraryPromptsParams } from '../api/get-library-prompts';

export type LibraryLayout = 'grid' | 'list';

export interface LibraryViewState extends LibraryPromptsParams {
  layout: LibraryLayout;
}

/**
 * The URL carries the whole view, so a filtered page can be shared and survives a reload:
 * `?search=…&category=…&task=…&task=…&industry=…&sort=popular&available=1&page=2&view=list`.
 * Defaults are left out.
 */
const KEY = {
  search: 'search',
  category: 'category',
  task: 'task',
  industry: 'industry',
  page: 'page',
  layout: 'view',
  sort: 'sort',
  available: 'available',
} as const;

const isSort = (value: string | null): value is LibrarySort => (LIBRARY_SORTS as readonly (string | null)[]).includes(value);

const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export function readViewState(params: URLSearchParams): LibraryViewState {
  const page = Number(params.get(KEY.page));
  return {
    search: params.get(KEY.search) ?? '',
    category: params.get(KEY.category) || null,
    tasks: distinct(params.getAll(KEY.task)),
    industries: distinct(params.getAll(KEY.industry)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sort: isSort(params.get(KEY.sort)) ? (params.get(KEY.sort) as LibrarySort) : 'relevance',
    available: params.get(KEY.available) === '1',
    layout: params.get(KEY.layout) === 'list' ? 'list' : 'grid',
  };
}

export function writeViewState(state: LibraryViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.category) params.set(KEY.category, state.category);
  for (const task of state.tasks) params.append(KEY.task, task);
  for (const industry of state.industries) params.append(KEY.industry, industry);
  if (state.sort !== 'relevance') params.set(KEY.sort, state.sort);
  if (state.available) params.set(KEY.available, '1');
  if (state.page > 1) params.set(KEY.page, String(state.page));
  if (state.layout !== 'grid') params.set(KEY.layout, state.layout);
  return params;
}

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * The library's view state and its transitions. Changing the search, category, tasks,
 * industries, sort or 'available' goes back to page 1 (docs/product.md); the layout keeps the page.
 */
export function useLibraryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readViewState(searchParams), [searchParams]);

  const update = useCallback(
    (change: (current: LibraryViewState) => Partial<LibraryViewState>, { resetPage = true, replace = false } = {}) => {
      setSearchParams(
        (current) => {
          const before = readViewState(current);
          const next = { ...before, ...change(before) };
          if (resetPage) next.page = 1;
          return writeViewState(next);
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const actions = useMemo(
    () => ({
      /** Typing replaces the history entry instead of adding one per keystroke. */
      setSearch: (search: string) => update(() => ({ search }), { replace: true }),
      /** Single-select: choosing the selected category again clears it. */
      toggleCategory: (name: string) => update((s) => ({ category: s.category === name ? null : name })),
      toggleTask: (task: string) => update((s) => ({ tasks: toggle(s.tasks, task) })),
      toggleIndustry: (industry: string) => update((s) => ({ industries: toggle(s.industries, industry) })),
      clearTasks: () => update(() => ({ tasks: [] })),
      clearAll: () => update(() => ({ search: '', category: null, tasks: [], industries: [], available: false })),
      /** A new order or the plan filter starts again at page 1 (the pages are another list). */
      setSort: (sort: LibrarySort) => update(() => ({ sort })),
      setAvailable: (available: boolean) => update(() => ({ available })),
      setPage: (page: number) => update(() => ({ page }), { resetPage: false }),
      setLayout: (layout: LibraryLayout) => update(() => ({ layout }), { resetPage: false, replace: true }),
    }),
    [update],
  );

  return { state, ...actions };
}
