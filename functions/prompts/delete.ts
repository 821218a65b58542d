import { promptFrom, promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { emitEvent } from '../lib/use-cases/events';
import { removePrompt } from '../lib/use-cases/prompts';

/**
 * DELETE /prompts/{id}: the prompt, its version history, slug claim and checks in one transaction,
 * and its plan slot back; then its examples and evaluations (use-cases/prompts.ts). Another user's
 * id is 404. A retry finishes a delete that stopped half way.
 */
export const handler = api('DELETE /prompts/{id}', { preload: promptPreload }, async ({ workspace, params, preloaded }) => {
  const prompt = promptFrom(preloaded.prompt);
  await removePrompt(workspace.pk, params.id, prompt);
  await emitEvent(workspace.pk, { type: 'prompt.deleted', actor: workspace.author, prompt_id: params.id, ...(prompt ? { prompt_title: prompt.title } : {}) });
  return noContent();
});
