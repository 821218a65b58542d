import { TierChange } from '@shared/contract/admin';
import { setLibraryTier } from '../lib/data/library';
import { api, noContent } from '../lib/http/http';

/** PATCH /admin/prompts/{id}/tier: the content tier of a library prompt. */
export const handler = api('PATCH /admin/prompts/{id}/tier', { body: TierChange }, async ({ body, params }) => {
  await setLibraryTier(params.id, body.access_tier);
  return noContent();
});
