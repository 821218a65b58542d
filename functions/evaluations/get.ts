import { evaluationPreload, headerFrom } from '../lib/data/evaluations';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { evaluationView } from '../lib/use-cases/evaluations';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/evaluations/{evaluation_id}: status, progress and each column's pass rate, latency and tokens. */
export const handler = api('GET /prompts/{id}/evaluations/{evaluation_id}', { preload: { ...promptPreload, ...evaluationPreload } }, async ({ preloaded }) => {
  const prompt = suitePrompt(preloaded.prompt);
  return ok(evaluationView(headerFrom(preloaded.evaluation), prompt.suite_rev ?? 0));
});
