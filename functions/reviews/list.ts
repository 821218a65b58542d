import { promptPreload } from '../lib/data/prompt';
import { listReviews } from '../lib/data/reviews';
import { api, ok } from '../lib/http/http';
import { suitePrompt } from '../lib/use-cases/examples';
import { reviewView } from '../lib/use-cases/reviews';

/** GET /prompts/{id}/reviews: the last 20, newest first; open ones with their diffs and the version's latest evaluation. */
export const handler = api('GET /prompts/{id}/reviews', { preload: promptPreload }, async ({ workspace, preloaded }) => {
  const prompt = suitePrompt(preloaded.prompt);
  const reviews = await listReviews(workspace.pk, prompt.id);
  return ok({ reviews: await Promise.all(reviews.map((r) => reviewView(workspace, prompt, r))) });
});
