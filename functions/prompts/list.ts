import { api, ok } from '../lib/http';
import { libraryUpdates } from '../lib/lineage';
import { collectFilters, loadWorkspace, toPrompts } from '../lib/workspace';

/**
 * GET /prompts/: the user's prompts (newest first) and the tasks/industries they use; forks say
 * whether their library original changed (`library_update`), from the library snapshot's
 * revisions (no table read beyond the caller's own partition).
 */
export const handler = api('GET /prompts/', {}, async ({ user }) => {
  const workspace = await loadWorkspace(user.id);
  const forks = workspace.prompts.filter((p) => p.forked_from);
  const updates = forks.length ? await libraryUpdates(forks, user.access_tier) : new Map<string, boolean>();
  const prompts = toPrompts(workspace).map((p) => (p.forked_from ? { ...p, library_update: updates.get(p.id) ?? false } : p));
  return ok({ prompts, filters: collectFilters(workspace.prompts) });
});
