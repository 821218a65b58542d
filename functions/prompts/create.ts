import { PromptInput } from '@shared/contract/prompts';
import { api, created } from '../lib/http';
import { createPrompt, getCategory, toPrompt } from '../lib/workspace';

/** POST /prompts/: a new prompt, within the plan's max_prompts (403 with the spec's message). */
export const handler = api('POST /prompts/', { body: PromptInput }, async ({ user, body }) => {
  const category = body.category_id ? await getCategory(user.id, body.category_id) : null;
  const prompt = await createPrompt(user, body);
  return created(toPrompt(prompt, new Map(category ? [[category.id, category.name]] : [])));
});
