import { LabelName } from '@shared/contract/versions';
import { api, noContent } from '../lib/http';
import { promptPreload, setLabel } from '../lib/prompt';
import { parseWith } from '../lib/validation';

/** DELETE /prompts/{id}/labels/{label}: unpins the label (404 when the prompt has no such label). */
export const handler = api('DELETE /prompts/{id}/labels/{label}', { preload: promptPreload }, async ({ user, workspace, params, preloaded }) => {
  await setLabel(workspace.pk, params.id, parseWith(LabelName, params.label), null, preloaded.prompt);
  return noContent();
});
