import { EvaluationInput } from '@shared/contract/evaluations';
import { promptPreload } from '../lib/data/prompt';
import { api, json } from '../lib/http/http';
import { startEvaluation } from '../lib/use-cases/evaluations';
import { suitePrompt } from '../lib/use-cases/examples';
import { noteLibraryUse } from '../lib/use-cases/library-ratings';

/**
 * POST /prompts/{id}/evaluations: queues an evaluation of the columns on the prompt's examples and
 * checks → 202 {id, status: 'queued'}. Evaluating a fork of a library prompt lets the person rate it.
 */
export const handler = api(
  'POST /prompts/{id}/evaluations',
  { body: EvaluationInput, preload: promptPreload },
  async ({ workspace, user, body, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const started = await startEvaluation(workspace, user.id, prompt, body);
    if (prompt.forked_from) await noteLibraryUse(user, workspace.pk, prompt.id, prompt);
    return json(202, started);
  },
);
