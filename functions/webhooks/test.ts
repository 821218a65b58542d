import { webhookFrom, webhookPreload } from '../lib/data/webhooks';
import { api, json } from '../lib/http/http';
import { testWebhook } from '../lib/use-cases/webhooks';

/** POST /webhooks/{id}/test: sends a signed `webhook.test` delivery (202; its outcome in the deliveries list). */
export const handler = api('POST /webhooks/{id}/test', { preload: webhookPreload }, async ({ workspace, preloaded }) =>
  json(202, { delivery: await testWebhook(workspace.pk, webhookFrom(preloaded.webhook)) }),
);
