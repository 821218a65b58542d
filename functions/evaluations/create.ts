import { EvaluationInput } from '@shared/contract/evaluations';
import { promptPreload } from '../lib/data/prompt';
import { api, json } from '../lib/http/http';
import { startEvaluation } from '../lib/use-cases/evaluations';
import { suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/evaluations: queues an evaluation of the columns on the prompt's examples and checks → 202 {id, status: 'queued'}. */
export const handler = api('POST /prompts/{id}/evaluations', { body: EvaluationInput, preload: promptPreload }, async ({ workspace, user, body, preloaded }) =>
  json(202, await startEvaluation(workspace, user.id, suitePrompt(preloaded.prompt), body)),
);
