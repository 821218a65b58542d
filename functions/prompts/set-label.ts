import { LabelInput, LabelName } from '@shared/contract/versions';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';
import { suitePrompt } from '../lib/use-cases/examples';
import { moveLabel } from '../lib/use-cases/labels';

/**
 * PUT /prompts/{id}/labels/{label}: pins the label to a version (moves it when already set), with a
 * session or an API key; a protected label only through the gate (use-cases/labels.ts): 409
 * {detail, evaluation_id?} without a passing evaluation, unless an owner forces it.
 */
export const handler = api('PUT /prompts/{id}/labels/{label}', { body: LabelInput, preload: promptPreload }, async ({ workspace, params, body, preloaded }) => {
  const label = parseWith(LabelName, params.label);
  const prompt = suitePrompt(preloaded.prompt);
  return ok({ labels: await moveLabel({ workspace, prompt, label, version: body.version, force: body.force ?? false }) });
});
