import { StatsQuery } from '@shared/contract/stats';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { promptStats, windowOf } from '../lib/use-cases/stats';

/** GET /prompts/{id}/stats: the prompt's use per version, label and time bucket over a window of at most a year. */
export const handler = api('GET /prompts/{id}/stats', { query: StatsQuery, preload: promptPreload }, async ({ workspace, query, preloaded }) => {
  const window = windowOf(query);
  const prompt = suitePrompt(preloaded.prompt);
  return ok(await promptStats(workspace.pk, prompt, window));
});
