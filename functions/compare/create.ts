import { CompareInput } from '@shared/contract/compare';
import { promptPreload } from '../lib/data/prompt';
import { api, created } from '../lib/http/http';
import { startCompare } from '../lib/use-cases/compare';
import { suitePrompt } from '../lib/use-cases/examples';

/** POST /prompts/{id}/compare: a compare session of 2–4 columns filled with one set of inputs (blind: shuffled, unnamed). */
export const handler = api('POST /prompts/{id}/compare', { body: CompareInput, preload: promptPreload }, async ({ user, workspace, body, preloaded }) =>
  created(await startCompare(workspace, user, suitePrompt(preloaded.prompt), body)),
);
