import { LabelProtectionInput } from '@shared/contract/suite';
import { LabelName } from '@shared/contract/versions';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';
import { suitePrompt } from '../lib/use-cases/examples';
import { protectLabel } from '../lib/use-cases/labels';

/** PUT /prompts/{id}/labels/{label}/protection: {require_checks, min_pass_rate?} → the label's protection (owners and editors). */
export const handler = api(
  'PUT /prompts/{id}/labels/{label}/protection',
  { body: LabelProtectionInput, preload: promptPreload },
  async ({ workspace, params, body, preloaded }) =>
    ok(await protectLabel(workspace.pk, suitePrompt(preloaded.prompt), parseWith(LabelName, params.label), body)),
);
