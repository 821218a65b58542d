import { api, noContent } from '../lib/http/http';
import { dismissLibraryUpdate, lineagePreload, loadLineage } from '../lib/use-cases/lineage';

/** POST /prompts/{id}/library-update/dismiss: the change is marked as seen; the content stays (two round trips). */
export const handler = api('POST /prompts/{id}/library-update/dismiss', { preload: lineagePreload }, async ({ user, workspace, preloaded }) => {
  await dismissLibraryUpdate(workspace.pk, await loadLineage(user, workspace, preloaded));
  return noContent();
});
