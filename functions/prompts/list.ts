import { api, ok } from '../lib/http';
import { loadLibrary } from '../lib/library';
import { libraryUpdates } from '../lib/lineage';
import { collectFilters, loadWorkspace, toPrompts } from '../lib/workspace';

/**
 * GET /prompts/: the user's prompts (newest first) and the tasks/industries they use; forks say
 * whether their library original changed (`library_update`). The library (cached per container:
 * one GetItem) is read alongside the workspace, not after it.
 */
export const handler = api('GET /prompts/', {}, async ({ user }) => {
  const library = loadLibrary();
  library.catch(() => {}); // awaited only when there are forks
  const workspace = await loadWorkspace(user.id);
  const forks = workspace.prompts.filter((p) => p.forked_from);
  const updates = forks.length ? libraryUpdates(forks, await library, user.access_tier) : new Map<string, boolean>();
  const prompts = toPrompts(workspace).map((p) => (p.forked_from ? { ...p, library_update: updates.get(p.id) ?? false } : p));
  return ok({ prompts, filters: collectFilters(workspace.prompts) });
});
