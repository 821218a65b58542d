import { TierChange } from '@shared/contract/admin';
import { api, noContent } from '../lib/http/http';
import { setLibraryTier } from '../lib/use-cases/library-curation';

/** PATCH /admin/prompts/{id}/tier: the content tier of a library prompt. */
export const handler = api('PATCH /admin/prompts/{id}/tier', { body: TierChange }, async ({ body, params }) => {
  await setLibraryTier(params.id, body.access_tier);
  return noContent();
});
