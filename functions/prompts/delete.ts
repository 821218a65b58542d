import { api, noContent } from '../lib/http';
import { deleteVersions, promptFrom, promptPreload } from '../lib/versions';
import { deletePrompt } from '../lib/workspace';

/** DELETE /prompts/{id}: frees a plan slot and removes its version history; another user's id is 404. */
export const handler = api('DELETE /prompts/{id}', { preload: promptPreload }, async ({ user, params, preloaded }) => {
  await deletePrompt(user.id, params.id!, promptFrom(preloaded.prompt));
  await deleteVersions(user.id, params.id!);
  return noContent();
});
