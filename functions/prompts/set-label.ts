import { LabelInput, LabelName } from '@shared/contract/versions';
import { setLabel } from '../lib/data/labels';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';

/** PUT /prompts/{id}/labels/{label}: pins the label to a version (moves it when already set). */
export const handler = api('PUT /prompts/{id}/labels/{label}', { body: LabelInput, preload: promptPreload }, async ({ workspace, params, body, preloaded }) => {
  const label = parseWith(LabelName, params.label);
  return ok({ labels: await setLabel({ workspace: workspace.pk, promptId: params.id, label, version: body.version, known: preloaded.prompt }) });
});
