import { deletePrompt, promptFrom, promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';

/**
 * DELETE /prompts/{id}: the prompt, its version history and slug claim in one transaction, and its
 * plan slot back; another user's id is 404. A retry finishes a delete that stopped half way.
 */
export const handler = api('DELETE /prompts/{id}', { preload: promptPreload }, async ({ workspace, params, preloaded }) => {
  await deletePrompt(workspace.pk, params.id, promptFrom(preloaded.prompt));
  return noContent();
});
