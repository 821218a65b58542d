import { evaluationPreload, headerFrom } from '../lib/data/evaluations';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { cancelEvaluation } from '../lib/use-cases/evaluations';
import { suitePrompt } from '../lib/use-cases/examples';

/** DELETE /prompts/{id}/evaluations/{evaluation_id}: cancels a queued or running evaluation (409 once finished); its results so far stay. */
export const handler = api(
  'DELETE /prompts/{id}/evaluations/{evaluation_id}',
  { preload: { ...promptPreload, ...evaluationPreload } },
  async ({ workspace, preloaded }) => ok(await cancelEvaluation(workspace, suitePrompt(preloaded.prompt), headerFrom(preloaded.evaluation))),
);
