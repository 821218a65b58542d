import { api, ok } from '../lib/http/http';
import { libraryUpdateView, lineagePreload, loadLineage } from '../lib/use-cases/lineage';

/** GET /prompts/{id}/library-update: a fork next to its library original, and whether that changed (one round trip). */
export const handler = api('GET /prompts/{id}/library-update', { preload: lineagePreload }, async ({ user, workspace, preloaded }) => {
  const { prompt, original } = await loadLineage(user, workspace, preloaded);
  return ok(libraryUpdateView(prompt, original));
});
