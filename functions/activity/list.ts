import { ActivityQuery } from '@shared/contract/activity';
import { activityPage } from '../lib/data/activity';
import { pageHeaders } from '../lib/data/paging';
import { api, ok } from '../lib/http/http';

/** GET /activity?workspace=&cursor=: the workspace's activity feed, newest first, 50 a page (any member). */
export const handler = api('GET /activity', { query: ActivityQuery }, async ({ workspace, query }) => {
  const page = await activityPage(workspace.pk, null, query.cursor);
  return { ...ok({ events: page.events }), headers: pageHeaders(page.next) };
});
