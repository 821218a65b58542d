import { LibraryRatingInput } from '@shared/contract/library';
import { api, ok } from '../lib/http/http';
import { rateLibraryPrompt } from '../lib/use-cases/library-ratings';

/** PUT /library/prompts/{id}/rating {stars}: the caller's rating once they ran the prompt → {stars, average, count} (403 before; 404 above their tier). */
export const handler = api('PUT /library/prompts/{id}/rating', { body: LibraryRatingInput }, async ({ user, params, body }) =>
  ok(await rateLibraryPrompt(user, params.id, body.stars)),
);
