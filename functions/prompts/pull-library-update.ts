import { api, ok } from '../lib/http';
import { pullLibraryUpdate } from '../lib/lineage';
import { promptView } from '../lib/versions';

/** POST /prompts/{id}/library-update/pull: the original's content becomes the fork's new version. */
export const handler = api('POST /prompts/{id}/library-update/pull', {}, async ({ user, params }) =>
  ok(await promptView(user.id, await pullLibraryUpdate(user, params.id!), { library_update: false })),
);
