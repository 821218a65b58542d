import { ChangesRequest } from '@shared/contract/reviews';
import { promptPreload } from '../lib/data/prompt';
import { reviewFrom, reviewPreload } from '../lib/data/reviews';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { requestChanges, reviewView } from '../lib/use-cases/reviews';

/** POST /prompts/{id}/reviews/{review_id}/request-changes {note}: asks the author for changes (not on one's own request). */
export const handler = api(
  'POST /prompts/{id}/reviews/{review_id}/request-changes',
  { body: ChangesRequest, preload: { ...promptPreload, ...reviewPreload } },
  async ({ workspace, body, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    return ok(await reviewView(workspace, prompt, await requestChanges(workspace, prompt, reviewFrom(preloaded.review), body.note)));
  },
);
