import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { ratingsOf } from '../lib/use-cases/compare';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/votes: win rates and ratings (with their 95% intervals) per version and per model. */
export const handler = api('GET /prompts/{id}/votes', { preload: promptPreload }, async ({ workspace, preloaded }) =>
  ok(await ratingsOf(workspace.pk, suitePrompt(preloaded.prompt).id)),
);
