import { categoryFrom, categoryPreload, deleteCategory } from '../lib/data/category';
import { api, noContent } from '../lib/http/http';

/** DELETE /categories/{id}: its prompts stay, uncategorised (the category is read with the user: two round trips). */
export const handler = api('DELETE /categories/{id}', { preload: categoryPreload }, async ({ workspace, preloaded }) => {
  await deleteCategory(workspace.pk, categoryFrom(preloaded.category));
  return noContent();
});
