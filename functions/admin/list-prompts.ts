import { api, ok } from '../lib/http';
import { adminPromptRow, allLibraryCategories, allLibraryPrompts } from '../lib/library';

/** GET /admin/prompts: the library's prompts from their index (an admin screen, never a user's request path). */
export const handler = api('GET /admin/prompts', {}, async () => {
  const [prompts, categories] = await Promise.all([allLibraryPrompts(), allLibraryCategories()]);
  return ok(prompts.map((p) => adminPromptRow(p, categories)));
});
