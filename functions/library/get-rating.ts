import { api, ok } from '../lib/http/http';
import { ratingState } from '../lib/use-cases/library-ratings';

/** GET /library/prompts/{id}/rating: the caller's rating, the current version's average and count, and whether they may rate (404 above their tier). */
export const handler = api('GET /library/prompts/{id}/rating', {}, async ({ user, params }) => ok(await ratingState(user, params.id)));
