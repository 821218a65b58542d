import { ChangesRequest } from '@shared/contract/reviews';
import { api, ok } from '../lib/http/http';
import { reviewById } from '../lib/use-cases/review-access';
import { requestChanges, reviewView } from '../lib/use-cases/reviews';

/** POST /reviews/{review_id}/request-changes {note}: asks the author of a review reached by its id for changes. */
export const handler = api('POST /reviews/{review_id}/request-changes', { body: ChangesRequest }, async ({ user, params, body }) => {
  const { place, prompt, review } = await reviewById(user, params.review_id, 'answer');
  return ok(await reviewView(place, prompt, await requestChanges(place, prompt, review, body.note)));
});
