import { OwnListQuery } from '@shared/contract/admin';
import { ANSWER_BYTES_MAX, boundedPage, pageHeaders } from '../lib/data/paging';
import { collectFilters, loadWorkspace, toPrompts } from '../lib/data/workspace-read';
import { api, ok } from '../lib/http/http';
import { libraryUpdates, workspaceContentTier } from '../lib/use-cases/lineage';

/**
 * GET /prompts/: the user's prompts (newest first) and the tasks/industries they use; forks say
 * whether their library original changed (`library_update`), from the library snapshot's
 * revisions (no table read beyond the caller's own partition). A workspace past 900 KB answers in
 * pages: the next page's cursor in `x-next-cursor` (docs/architecture.md, "Bounded answers").
 */
export const handler = api('GET /prompts/', { query: OwnListQuery }, async ({ user, workspace, query }) => {
  const content = await loadWorkspace(workspace.pk);
  const filters = collectFilters(content.prompts);
  const page = await boundedPage(`prompts:${workspace.pk}`, toPrompts(content), query.cursor, {
    budget: ANSWER_BYTES_MAX - Buffer.byteLength(JSON.stringify(filters)),
  });
  const shown = new Set(page.rows.map((p) => p.id));
  const forks = content.prompts.filter((p) => p.forked_from && shown.has(p.id));
  const updates = forks.length ? await libraryUpdates(forks, workspaceContentTier(user, workspace)) : new Map<string, boolean>();
  const prompts = page.rows.map((p) => (p.forked_from ? { ...p, library_update: updates.get(p.id) ?? false } : p));
  return { ...ok({ prompts, filters }), headers: pageHeaders(page.next) };
});
