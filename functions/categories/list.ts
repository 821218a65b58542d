import { api, ok } from '../lib/http';
import { loadWorkspace, toCategories } from '../lib/workspace';

/** GET /categories/: the user's categories by name, each with its current prompt count. */
export const handler = api('GET /categories/', {}, async ({ user }) => ok(toCategories(await loadWorkspace(user.id))));
