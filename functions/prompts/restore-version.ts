import { NotFoundError } from '../lib/errors';
import { api, ok } from '../lib/http';
import { VERSION_NOT_FOUND, promptView, restoreVersion } from '../lib/versions';

/** POST /prompts/{id}/versions/{version}/restore: an earlier version's content becomes a new version. */
export const handler = api('POST /prompts/{id}/versions/{version}/restore', {}, async ({ user, params }) => {
  const version = /^[1-9]\d{0,5}$/.test(params.version ?? '') ? Number(params.version) : null;
  if (version === null) throw new NotFoundError(VERSION_NOT_FOUND);
  return ok(await promptView(user.id, await restoreVersion(user.id, params.id!, version)));
});
