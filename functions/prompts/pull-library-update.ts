import { promptViewAlongside } from '../lib/data/workspace-read';
import { api, ok } from '../lib/http/http';
import { lineagePreload, loadLineage, pullLibraryUpdate } from '../lib/use-cases/lineage';

/** POST /prompts/{id}/library-update/pull: the original's content becomes the fork's new version (two round trips). */
export const handler = api('POST /prompts/{id}/library-update/pull', { preload: lineagePreload }, async ({ user, workspace, preloaded }) => {
  const lineage = await loadLineage(user, workspace, preloaded);
  return ok(
    await promptViewAlongside(workspace.pk, lineage.prompt, pullLibraryUpdate({ workspace: workspace.pk, lineage, by: workspace.author }), {
      library_update: false,
    }),
  );
});
