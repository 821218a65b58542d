import { OwnListQuery } from '@shared/contract/admin';
import { boundedPage, pageHeaders } from '../lib/data/paging';
import { api, ok } from '../lib/http/http';
import { listRegistry } from '../lib/use-cases/registry';

/**
 * GET /registry/prompts: the caller's prompts by slug, with their labels and variables (session
 * or API key); past 900 KB in pages (cursor in `x-next-cursor`).
 */
export const handler = api('GET /registry/prompts', { query: OwnListQuery }, async ({ workspace, query }) => {
  const page = await boundedPage(`registry:${workspace.pk}`, await listRegistry(workspace.pk), query.cursor, { keyOf: (p) => p.slug });
  return { ...ok({ prompts: page.rows }), headers: pageHeaders(page.next) };
});
