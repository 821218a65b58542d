import { LabelInput, LabelName } from '@shared/contract/versions';
import { promptPreload, setLabel } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';

/** PUT /prompts/{id}/labels/{label}: pins the label to a version (moves it when already set). */
export const handler = api(
  'PUT /prompts/{id}/labels/{label}',
  { body: LabelInput, preload: promptPreload },
  async ({ user, workspace, params, body, preloaded }) => {
    const label = parseWith(LabelName, params.label);
    return ok({ labels: await setLabel(workspace.pk, params.id, label, body.version, preloaded.prompt) });
  },
);
