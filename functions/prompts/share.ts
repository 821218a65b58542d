import { promptFrom, promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { emitEvent } from '../lib/use-cases/events';
import { sharePrompt } from '../lib/use-cases/share';

/** POST /prompts/{id}/share: a public link to the prompt (201, the same link when it is already shared). */
export const handler = api('POST /prompts/{id}/share', { preload: promptPreload }, async ({ workspace, preloaded, event }) => {
  const prompt = promptFrom(preloaded.prompt);
  const shared = await sharePrompt({ workspace, prompt, headers: event.headers ?? {} });
  if (shared.created && prompt)
    await emitEvent(workspace.pk, { type: 'prompt.shared', actor: workspace.author, prompt_id: prompt.id, prompt_title: prompt.title });
  return created(shared.answer);
});
