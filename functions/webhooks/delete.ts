import { deleteWebhook } from '../lib/data/webhooks';
import { api, noContent } from '../lib/http/http';

/** DELETE /webhooks/{id}: no more deliveries (those queued find it gone); its delivery log expires with its TTL. */
export const handler = api('DELETE /webhooks/{id}', {}, async ({ workspace, params }) => {
  await deleteWebhook(workspace.pk, params.id);
  return noContent();
});
