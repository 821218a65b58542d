import { api, noContent } from '../lib/http';
import { deleteCategory, getCategory } from '../lib/workspace';

/** DELETE /categories/{id}: its prompts stay, uncategorised. */
export const handler = api('DELETE /categories/{id}', {}, async ({ user, params }) => {
  await deleteCategory(user.id, await getCategory(user.id, params.id!));
  return noContent();
});
