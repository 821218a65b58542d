import { PROMPT_MAX_BYTES } from '@shared/contract/chat';
import { PromptInput } from '@shared/contract/prompts';
import { categoryName, categoryNames } from '../lib/data/category';
import { toPrompt } from '../lib/data/workspace-read';
import { api, created } from '../lib/http/http';
import { checkConfigSchemas } from '../lib/services/json-schema';
import { emitEvent } from '../lib/use-cases/events';
import { createPrompt } from '../lib/use-cases/prompts';

/**
 * POST /prompts/: a new prompt, within the plan's max_prompts (403 with the product's limit message). The
 * write checks the category (404 when it is not the caller's); its name is read alongside. A text
 * prompt has a body, a chat prompt messages; the model settings' schemas must be JSON Schema.
 */
export const handler = api('POST /prompts/', { body: PromptInput, maxBodyBytes: PROMPT_MAX_BYTES }, async ({ workspace, body }) => {
  checkConfigSchemas(body.config);
  const [prompt, name] = await Promise.all([createPrompt(workspace, body), categoryName(workspace.pk, body.category_id)]);
  await emitEvent(workspace.pk, { type: 'prompt.version.created', actor: workspace.author, prompt_id: prompt.id, prompt_title: prompt.title, version: 1 });
  return created(toPrompt(prompt, categoryNames(prompt.category_id, name)));
});
