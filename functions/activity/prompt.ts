import { ActivityQuery } from '@shared/contract/activity';
import { activityPage } from '../lib/data/activity';
import { pageHeaders } from '../lib/data/paging';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/activity?cursor=: one prompt's activity, newest first, 50 a page (any member). */
export const handler = api('GET /prompts/{id}/activity', { query: ActivityQuery, preload: promptPreload }, async ({ workspace, query, preloaded }) => {
  const prompt = suitePrompt(preloaded.prompt);
  const page = await activityPage(workspace.pk, prompt.id, query.cursor);
  return { ...ok({ events: page.events }), headers: pageHeaders(page.next) };
});
