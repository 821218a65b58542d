import * as z from 'zod/mini';
import type { RouteKey } from '../../routes';
import { LibraryFilters, LibraryPage, LibraryPrompt, LibraryQuery } from '../library';
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
  'GET /library/filters': { summary: 'Library category names, tasks and industries', response: LibraryFilters },
} satisfies Partial<Record<RouteKey, RouteContract>>;
