import { promptFrom, promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { unsharePrompt } from '../lib/use-cases/share';

/** DELETE /prompts/{id}/share: the link answers 404 from the next request on. */
export const handler = api('DELETE /prompts/{id}/share', { preload: promptPreload }, async ({ workspace, preloaded }) => {
  await unsharePrompt(workspace.pk, promptFrom(preloaded.prompt));
  return noContent();
});
