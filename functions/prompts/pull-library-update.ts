import { promptViewAlongside } from '../lib/data/workspace-read';
import { api, ok } from '../lib/http/http';
import { pullSuite, readSuitesForPull } from '../lib/use-cases/library-suite';
import { lineagePreload, loadLineage, pullLibraryUpdate } from '../lib/use-cases/lineage';

/** POST /prompts/{id}/library-update/pull: the original's content becomes the fork's new version, and its new checks and examples join the fork's. */
export const handler = api('POST /prompts/{id}/library-update/pull', { preload: lineagePreload }, async ({ user, workspace, preloaded }) => {
  const lineage = await loadLineage(user, workspace, preloaded);
  // The suites are read beside the content's write; the suite's new checks and examples are written
  // only once the content has landed (it refuses tiered content in a shared prompt).
  const suites = readSuitesForPull(workspace, lineage.prompt.id, lineage.original.id);
  suites.catch(() => {}); // awaited below once the content lands; a refused pull never reads it
  const pulled = pullLibraryUpdate({ workspace: workspace.pk, lineage, by: workspace.author }).then(async (prompt) => {
    await pullSuite(workspace, prompt, suites);
    return prompt;
  });
  return ok(await promptViewAlongside(workspace.pk, lineage.prompt, pulled, { library_update: false }));
});
