import { promptPreload } from '../lib/data/prompt';
import { reviewFrom, reviewPreload } from '../lib/data/reviews';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { approveReview, reviewView } from '../lib/use-cases/reviews';

/** POST /prompts/{id}/reviews/{review_id}/approve: approves the review's version (not one's own request; viewers are refused). */
export const handler = api(
  'POST /prompts/{id}/reviews/{review_id}/approve',
  { preload: { ...promptPreload, ...reviewPreload } },
  async ({ workspace, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const review = await approveReview(workspace, prompt, reviewFrom(preloaded.review));
    return ok(await reviewView(workspace, prompt, review));
  },
);
