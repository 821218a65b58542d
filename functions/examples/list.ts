import { OwnListQuery } from '@shared/contract/admin';
import { pageExamples } from '../lib/data/examples';
import { pageHeaders } from '../lib/data/paging';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/examples: the prompt's examples, oldest first; past 900 KB in pages (the cursor in x-next-cursor). */
export const handler = api('GET /prompts/{id}/examples', { query: OwnListQuery, preload: promptPreload }, async ({ workspace, params, query, preloaded }) => {
  suitePrompt(preloaded.prompt);
  const page = await pageExamples(workspace.pk, params.id, query.cursor);
  return { ...ok({ examples: page.examples }), headers: pageHeaders(page.next) };
});
