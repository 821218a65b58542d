import { deleteExample } from '../lib/data/examples';
import { promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';

/** DELETE /prompts/{id}/examples/{example_id}. */
export const handler = api('DELETE /prompts/{id}/examples/{example_id}', { preload: promptPreload }, async ({ workspace, params, preloaded }) => {
  await deleteExample(workspace.pk, suitePrompt(preloaded.prompt).id, params.example_id);
  return noContent();
});
