import { ResultsQuery } from '@shared/contract/evaluations';
import { evaluationPreload, headerFrom, pageResults } from '../lib/data/evaluations';
import { pageHeaders } from '../lib/data/paging';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/evaluations/{evaluation_id}/results?cursor=: the cells written so far, by example then column; past 900 KB in pages. */
export const handler = api(
  'GET /prompts/{id}/evaluations/{evaluation_id}/results',
  { query: ResultsQuery, preload: { ...promptPreload, ...evaluationPreload } },
  async ({ query, preloaded }) => {
    suitePrompt(preloaded.prompt);
    const page = await pageResults(headerFrom(preloaded.evaluation).id, query.cursor);
    return { ...ok({ results: page.results }), headers: pageHeaders(page.next) };
  },
);
