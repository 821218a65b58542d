import { api, ok } from '../lib/http';
import { libraryUpdateView, loadLineage } from '../lib/lineage';

/** GET /prompts/{id}/library-update: a fork next to its library original, and whether that changed. */
export const handler = api('GET /prompts/{id}/library-update', {}, async ({ user, params }) => {
  const { prompt, original } = await loadLineage(user, params.id!);
  return ok(libraryUpdateView(prompt, original));
});
