import { CategoryInput } from '@shared/contract/prompts';
import { categoryFrom, categoryPreload, renameCategory } from '../lib/data/category';
import { api, noContent } from '../lib/http/http';

/** PUT /categories/{id}: rename (the category is read with the user: two round trips). */
export const handler = api('PUT /categories/{id}', { body: CategoryInput, preload: categoryPreload }, async ({ workspace, body, preloaded }) => {
  await renameCategory(workspace.pk, categoryFrom(preloaded.category), body.name);
  return noContent();
});
