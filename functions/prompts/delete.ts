import { api, noContent } from '../lib/http';
import { deleteVersions } from '../lib/versions';
import { deletePrompt } from '../lib/workspace';

/** DELETE /prompts/{id}: frees a plan slot and removes its version history; another user's id is 404. */
export const handler = api('DELETE /prompts/{id}', {}, async ({ user, params }) => {
  await deletePrompt(user.id, params.id!);
  await deleteVersions(user.id, params.id!);
  return noContent();
});
