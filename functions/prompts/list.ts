import { api, ok } from '../lib/http';
import { libraryPreload, preloadedLibrary } from '../lib/library';
import { libraryUpdates } from '../lib/lineage';
import { collectFilters, loadWorkspace, toPrompts } from '../lib/workspace';

/**
 * GET /prompts/: the user's prompts (newest first) and the tasks/industries they use; forks say
 * whether their library original changed (`library_update`). The library's version is read with
 * the user, so a workspace without forks costs nothing more; with forks the library comes from the
 * per-container cache (a Query only when the library changed since this container read it).
 */
export const handler = api('GET /prompts/', { preload: libraryPreload }, async ({ user, preloaded }) => {
  const workspace = await loadWorkspace(user.id);
  const forks = workspace.prompts.filter((p) => p.forked_from);
  const updates = forks.length ? libraryUpdates(forks, await preloadedLibrary(preloaded.library), user.access_tier) : new Map<string, boolean>();
  const prompts = toPrompts(workspace).map((p) => (p.forked_from ? { ...p, library_update: updates.get(p.id) ?? false } : p));
  return ok({ prompts, filters: collectFilters(workspace.prompts) });
});
