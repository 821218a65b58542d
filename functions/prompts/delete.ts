import { api, noContent } from '../lib/http';
import { deletePrompt } from '../lib/workspace';

/** DELETE /prompts/{id}: frees a plan slot; another user's id is 404. */
export const handler = api('DELETE /prompts/{id}', {}, async ({ user, params }) => {
  await deletePrompt(user.id, params.id!);
  return noContent();
});
