import { api, ok } from '../lib/http';
import { lineagePreload, loadLineage, pullLibraryUpdate } from '../lib/lineage';
import { promptViewAlongside } from '../lib/prompt';

/** POST /prompts/{id}/library-update/pull: the original's content becomes the fork's new version (two round trips). */
export const handler = api('POST /prompts/{id}/library-update/pull', { preload: lineagePreload }, async ({ user, preloaded }) => {
  const lineage = await loadLineage(user, preloaded);
  return ok(await promptViewAlongside(user.id, lineage.prompt, pullLibraryUpdate(user, lineage), { library_update: false }));
});
