import { OwnListQuery } from '@shared/contract/admin';
import { listSnippets } from '../lib/data/context';
import { boundedPage, pageHeaders } from '../lib/data/paging';
import { api, ok } from '../lib/http/http';

/** GET /context/snippets: the user's snippets, by name; past 900 KB in pages (cursor in `x-next-cursor`). */
export const handler = api('GET /context/snippets', { query: OwnListQuery }, async ({ workspace, query }) => {
  const page = await boundedPage(`snippets:${workspace.pk}`, await listSnippets(workspace.pk), query.cursor);
  return { ...ok(page.rows), headers: pageHeaders(page.next) };
});
