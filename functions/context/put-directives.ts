import { Directives } from '@shared/contract/context';
import { saveDirectives } from '../lib/data/context';
import { api, ok } from '../lib/http/http';

/** PUT /context/directives: both texts at once (missing ones become empty). */
export const handler = api('PUT /context/directives', { body: Directives }, async ({ workspace, body }) => {
  await saveDirectives(workspace, body);
  return ok(body);
});
