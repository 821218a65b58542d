import { LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZE_MAX, type LibraryPrompt, type LibraryQuery } from '@shared/contract/library';
import { sortedDistinct } from '../../data/library-views';

/**
 * The embedded engine: pages, filters and orders a tier's views as the client does, for a stage
 * without the search engine (library-search.ts). Pure: read.ts hands it the views it has cached.
 */

/** A tier's every view in library order, with the lower-cased titles and bodies it searches. */
export interface Corpus {
  views: LibraryPrompt[];
  titles: string[];
  bodies: string[];
}

const list = (csv: string | undefined) =>
  csv
    ? csv
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** Page arithmetic shared by every way of answering a page. */
export function pageWindow(query: LibraryQuery, total: number) {
  const pageSize = Math.min(Number(query.page_size ?? LIBRARY_PAGE_SIZE), LIBRARY_PAGE_SIZE_MAX);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Number(query.page ?? 1), totalPages);
  return { pageSize, totalPages, page, from: (page - 1) * pageSize, to: Math.min(total, page * pageSize) };
}

/** What a query asks for, read once. */
export function readQuery(query: LibraryQuery) {
  const sort = query.sort ?? 'relevance';
  const q = {
    search: query.search?.trim().toLowerCase() ?? '',
    tasks: new Set(list(query.tasks)),
    industries: new Set(list(query.industries)),
    category: query.category?.trim(),
    available: query.available === 'true',
    sort,
    reordered: sort === 'popular' || sort === 'rating' || sort === 'newest',
  };
  return { ...q, plain: !q.search && !q.category && !q.industries.size && !q.tasks.size && !q.available && !q.reordered };
}
export type ReadQuery = ReturnType<typeof readQuery>;

/** Use for `popular`: runs and saves. */
export const popularity = (p: LibraryPrompt) => (p.forks ?? 0) + (p.runs ?? 0);
/** Order for `rating`: the average, unrated last. */
export const ratingRank = (p: LibraryPrompt) => p.rating?.average ?? -1;

/**
 * Corpus positions in another order (popular: most runs and saves first; rating: best average
 * first, then most ratings, unrated last; newest: latest created first; ties in library order).
 */
export function orderPositions(views: LibraryPrompt[], sort: 'popular' | 'rating' | 'newest'): Int32Array {
  const positions = Int32Array.from(views.keys());
  if (sort === 'popular') return positions.sort((a, b) => popularity(views[b]!) - popularity(views[a]!) || a - b);
  if (sort === 'rating')
    return positions.sort((a, b) => ratingRank(views[b]!) - ratingRank(views[a]!) || (views[b]!.rating?.count ?? 0) - (views[a]!.rating?.count ?? 0) || a - b);
  return positions.sort((a, b) => {
    const x = views[a]!.created_at ?? '';
    const y = views[b]!.created_at ?? '';
    return x < y ? 1 : x > y ? -1 : a - b;
  });
}

/**
 * A page of the corpus: text in title or body (case-insensitive; a locked prompt's stored body is
 * its teaser, so hidden text never matches), category by name, tasks / industries matching any
 * selected value, `available` dropping locked prompts. Sorts: relevance (title matches first, then
 * the body matches, each in library order), popular and newest (`order`), title (library order,
 * A–Z). The whole match set is ordered before it is paged, so every page follows the one order.
 * `available_tasks` is undefined when nothing narrows the list (the tier's own list applies).
 */
export function corpusPage({ views, titles, bodies }: Corpus, order: Int32Array | undefined, q: ReadQuery, query: LibraryQuery) {
  const { search, category, industries, available, tasks } = q;
  const narrowed = Boolean(search || category || industries.size || available);
  const inTitle = (i: number) => titles[i]!.includes(search);
  const keep = (i: number) => {
    const p = views[i]!;
    return (
      (!search || inTitle(i) || bodies[i]!.includes(search)) &&
      (!category || p.category_name === category) &&
      (!industries.size || p.industries.some((industry) => industries.has(industry))) &&
      (!available || !p.locked)
    );
  };
  const positions: number[] = [];
  if (order) {
    for (const i of order) if (keep(i)) positions.push(i);
  } else {
    for (let i = 0; i < views.length; i++) if (keep(i)) positions.push(i);
    // Relevance: prompts whose title holds the search first (a stable partition keeps library order).
    if (search && q.sort === 'relevance') {
      const titled = positions.filter(inTitle);
      if (titled.length && titled.length < positions.length) positions.splice(0, positions.length, ...titled, ...positions.filter((i) => !inTitle(i)));
    }
  }
  const bySearchCategoryIndustry = positions.map((i) => views[i]!);
  const matching = tasks.size ? bySearchCategoryIndustry.filter((p) => p.tasks.some((t) => tasks.has(t))) : bySearchCategoryIndustry;
  const w = pageWindow(query, matching.length);
  return {
    prompts: matching.slice(w.from, w.to),
    total: matching.length,
    page: w.page,
    page_size: w.pageSize,
    total_pages: w.totalPages,
    available_tasks: narrowed ? sortedDistinct(bySearchCategoryIndustry.flatMap((p) => p.tasks)) : undefined,
  };
}
