import { checksFrom, checksPreload } from '../lib/data/checks';
import { promptPreload } from '../lib/data/prompt';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';

/** GET /prompts/{id}/checks: the prompt's checks. */
export const handler = api('GET /prompts/{id}/checks', { preload: { ...promptPreload, ...checksPreload } }, async ({ preloaded }) => {
  suitePrompt(preloaded.prompt);
  return ok({ checks: checksFrom(preloaded.checks) });
});
