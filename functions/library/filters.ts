import { api, ok } from '../lib/http';
import { libraryFilters, libraryPreload, preloadedLibrary } from '../lib/library';

/** GET /library/filters: category names, tasks and industries across the library. */
export const handler = api('GET /library/filters', { preload: libraryPreload }, async ({ preloaded }) =>
  ok(libraryFilters(await preloadedLibrary(preloaded.library))),
);
