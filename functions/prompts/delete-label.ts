import { LabelName } from '@shared/contract/versions';
import { setLabel } from '../lib/data/labels';
import { promptPreload } from '../lib/data/prompt';
import { api, noContent } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';

/** DELETE /prompts/{id}/labels/{label}: unpins the label (404 when the prompt has no such label). */
export const handler = api('DELETE /prompts/{id}/labels/{label}', { preload: promptPreload }, async ({ workspace, params, preloaded }) => {
  await setLabel({ workspace: workspace.pk, promptId: params.id, label: parseWith(LabelName, params.label), version: null, known: preloaded.prompt });
  return noContent();
});
