import { api, noContent } from '../lib/http';
import { dismissLibraryUpdate } from '../lib/lineage';

/** POST /prompts/{id}/library-update/dismiss: the change is marked as seen; the content stays. */
export const handler = api('POST /prompts/{id}/library-update/dismiss', {}, async ({ user, params }) => {
  await dismissLibraryUpdate(user, params.id!);
  return noContent();
});
