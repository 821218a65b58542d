import { listEvaluations } from '../lib/data/evaluations';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { evaluationView } from '../lib/use-cases/evaluations';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/evaluations: the prompt's evaluations, newest first (the last 50). */
export const handler = api('GET /prompts/{id}/evaluations', { preload: promptPreload }, async ({ workspace, preloaded }) => {
  const prompt = suitePrompt(preloaded.prompt);
  const headers = await listEvaluations(workspace.pk, prompt.id);
  return ok({ evaluations: headers.map((h) => evaluationView(h, prompt.suite_rev ?? 0)) });
});
