import { api, ok } from '../lib/http/http';
import { reviewById } from '../lib/use-cases/review-access';
import { approveReview, reviewView } from '../lib/use-cases/reviews';

/** POST /reviews/{review_id}/approve: approves a review reached by its id (never one's own request). */
export const handler = api('POST /reviews/{review_id}/approve', {}, async ({ user, params }) => {
  const { place, prompt, review } = await reviewById(user, params.review_id, 'answer');
  return ok(await reviewView(place, prompt, await approveReview(place, prompt, review)));
});
