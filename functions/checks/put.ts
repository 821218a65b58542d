import { ChecksInput } from '@shared/contract/suite';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { replaceChecks } from '../lib/use-cases/checks';
import { suitePrompt } from '../lib/use-cases/examples';

/** PUT /prompts/{id}/checks: the prompt's checks replaced by the list given; answers the stored list with ids. */
export const handler = api('PUT /prompts/{id}/checks', { body: ChecksInput, preload: promptPreload }, async ({ workspace, body, preloaded }) =>
  ok({ checks: await replaceChecks(workspace.pk, suitePrompt(preloaded.prompt), body) }),
);
