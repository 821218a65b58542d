import { deletePrompt, promptFrom, promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { emitEvent } from '../lib/use-cases/events';

/**
 * DELETE /prompts/{id}: the prompt, its version history and slug claim in one transaction, and its
 * plan slot back; another user's id is 404. A retry finishes a delete that stopped half way.
 */
export const handler = api('DELETE /prompts/{id}', { preload: promptPreload }, async ({ workspace, params, preloaded }) => {
  const prompt = promptFrom(preloaded.prompt);
  await deletePrompt(workspace.pk, params.id, prompt);
  await emitEvent(workspace.pk, { type: 'prompt.deleted', actor: workspace.author, prompt_id: params.id, ...(prompt ? { prompt_title: prompt.title } : {}) });
  return noContent();
});
