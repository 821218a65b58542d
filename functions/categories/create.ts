import { CategoryInput } from '@shared/contract/prompts';
import { createCategory } from '../lib/data/category';
import { api, created } from '../lib/http/http';

/** POST /categories/: within max_categories; names are unique per user (409). */
export const handler = api('POST /categories/', { body: CategoryInput }, async ({ workspace, body }) => {
  const category = await createCategory(workspace, body.name);
  return created({ id: category.id, name: category.name, prompt_count: 0 });
});
