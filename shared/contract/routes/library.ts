import * as z from 'zod/mini';
import type { RouteKey } from '../../routes';
import { LibraryFilters, LibraryPage, LibraryPrompt, LibraryQuery, LibraryRating, LibraryRatingInput, LibraryRatingState } from '../library';
import type { RouteContract } from '../route-contract';

/** The contract of the Library area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const LIBRARY_ROUTES = {
  'GET /library/prompts': {
    summary: 'The library: the whole list without parameters; a filtered page (LibraryPage) with search, category, tasks, industries, page, page_size',
    response: z.union([z.array(LibraryPrompt), LibraryPage]),
    query: LibraryQuery,
  },
  'GET /library/prompts/{id}': {
    summary: "One library prompt (only its 80-character teaser above the caller's tier; 404 when unknown)",
    response: LibraryPrompt,
  },
  'GET /library/prompts/{id}/rating': {
    summary: "The caller's rating of a library prompt, its current version's average and count, and whether they may rate it (404 above the caller's tier)",
    response: LibraryRatingState,
  },
  'PUT /library/prompts/{id}/rating': {
    summary:
      "Rate a library prompt 1–5 stars once you ran it (a run naming it, or a run or evaluation of your fork of it): one rating per person, changeable, for its current version (403 before a run; 404 above the caller's tier)",
    request: LibraryRatingInput,
    response: LibraryRating,
  },
  'GET /library/filters': { summary: 'Library category names, tasks and industries', response: LibraryFilters },
} satisfies Partial<Record<RouteKey, RouteContract>>;
