import { api, ok } from '../lib/http';
import { collectFilters, loadWorkspace, toPrompts } from '../lib/workspace';

/** GET /prompts/: the user's prompts (newest first) and the tasks/industries they use. */
export const handler = api('GET /prompts/', {}, async ({ user }) => {
  const workspace = await loadWorkspace(user.id);
  return ok({ prompts: toPrompts(workspace), filters: collectFilters(workspace.prompts) });
});
