import { toPrompt } from '../lib/data/workspace-read';
import { api, created } from '../lib/http/http';
import { emitEvent } from '../lib/use-cases/events';
import { forkShared } from '../lib/use-cases/share';

/** POST /shared/{token}/fork: copies the shared prompt into the caller's My Prompts (plan limit max_prompts). */
export const handler = api('POST /shared/{token}/fork', {}, async ({ workspace, params }) => {
  const prompt = await forkShared(workspace, params.token);
  await emitEvent(workspace.pk, { type: 'prompt.forked', actor: workspace.author, prompt_id: prompt.id, prompt_title: prompt.title, version: 1 });
  return created(toPrompt(prompt, new Map()));
});
