import { promptPreload } from '../lib/data/prompt';
import { reviewFrom, reviewPreload } from '../lib/data/reviews';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { closeReview, reviewView } from '../lib/use-cases/reviews';

/** POST /prompts/{id}/reviews/{review_id}/close: closes the review without moving anything. */
export const handler = api(
  'POST /prompts/{id}/reviews/{review_id}/close',
  { preload: { ...promptPreload, ...reviewPreload } },
  async ({ workspace, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const review = await closeReview(workspace, prompt, reviewFrom(preloaded.review));
    return ok(await reviewView(workspace, prompt, review));
  },
);
