import { loadWorkspace, toCategories } from '../lib/data/workspace-read';
import { api, ok } from '../lib/http/http';

/** GET /categories/: the user's categories by name, each with its current prompt count. */
export const handler = api('GET /categories/', {}, async ({ workspace }) => ok(toCategories(await loadWorkspace(workspace.pk))));
