import { ReviewInput } from '@shared/contract/reviews';
import { promptPreload } from '../lib/data/prompt';
import { api, json } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { openReview, reviewView } from '../lib/use-cases/reviews';

/**
 * POST /prompts/{id}/reviews: asks for a review of a version for a label (201); when the label has
 * an open review already, that one moves to this version (200) and its approvals go stale.
 */
export const handler = api('POST /prompts/{id}/reviews', { body: ReviewInput, preload: promptPreload }, async ({ workspace, body, preloaded, event }) => {
  const prompt = suitePrompt(preloaded.prompt);
  const { created, review } = await openReview(workspace, prompt, body, event.headers ?? {});
  return json(created ? 201 : 200, await reviewView(workspace, prompt, review));
});
