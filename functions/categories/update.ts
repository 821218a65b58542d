import { CategoryInput } from '@shared/contract/prompts';
import { api, noContent } from '../lib/http';
import { getCategory, renameCategory } from '../lib/workspace';

/** PUT /categories/{id}: rename. */
export const handler = api('PUT /categories/{id}', { body: CategoryInput }, async ({ user, body, params }) => {
  const category = await getCategory(user.id, params.id!);
  await renameCategory(user.id, category, body.name);
  return noContent();
});
