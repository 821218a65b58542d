import { api, ok } from '../lib/http/http';
import { reviewById } from '../lib/use-cases/review-access';
import { reviewView } from '../lib/use-cases/reviews';

/** GET /reviews/{review_id}: an open review the caller wrote or was asked for, with its diff, wherever it is (a shared team's reviewer of a prompt in another person's own workspace reads it here). */
export const handler = api('GET /reviews/{review_id}', {}, async ({ user, params }) => {
  const { place, prompt, review } = await reviewById(user, params.review_id, 'read');
  return ok(await reviewView(place, prompt, review));
});
