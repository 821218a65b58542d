import { webhookFrom, webhookPreload } from '../lib/data/webhooks';
import { api, json } from '../lib/http/http';
import { redeliver } from '../lib/use-cases/webhooks';

/** POST /webhooks/{id}/deliveries/{delivery_id}/redeliver: the same body and webhook-id again, with a fresh 24 hours of retries (202). */
export const handler = api('POST /webhooks/{id}/deliveries/{delivery_id}/redeliver', { preload: webhookPreload }, async ({ params, preloaded }) =>
  json(202, { delivery: await redeliver(webhookFrom(preloaded.webhook), params.delivery_id) }),
);
