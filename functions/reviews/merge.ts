import { promptPreload } from '../lib/data/prompt';
import { reviewFrom, reviewPreload } from '../lib/data/reviews';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { mergeReview, reviewView } from '../lib/use-cases/reviews';

/** POST /prompts/{id}/reviews/{review_id}/merge: moves the label to the reviewed version: it needs an approval of that exact version, and the label's other gates. */
export const handler = api(
  'POST /prompts/{id}/reviews/{review_id}/merge',
  { preload: { ...promptPreload, ...reviewPreload } },
  async ({ workspace, preloaded }) => {
    const prompt = suitePrompt(preloaded.prompt);
    const review = await mergeReview(workspace, prompt, reviewFrom(preloaded.review));
    return ok(await reviewView(workspace, prompt, review));
  },
);
