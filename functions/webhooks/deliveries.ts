import { DeliveriesQuery } from '@shared/contract/webhooks';
import { pageHeaders } from '../lib/data/paging';
import { deliveriesPage } from '../lib/data/webhook-deliveries';
import { webhookFrom, webhookPreload } from '../lib/data/webhooks';
import { api, ok } from '../lib/http/http';

/** GET /webhooks/{id}/deliveries?cursor=: newest first, 50 a page: status, attempts, response code, duration. */
export const handler = api('GET /webhooks/{id}/deliveries', { query: DeliveriesQuery, preload: webhookPreload }, async ({ query, preloaded }) => {
  const webhook = webhookFrom(preloaded.webhook);
  const page = await deliveriesPage(webhook.id, query.cursor);
  return { ...ok({ deliveries: page.deliveries }), headers: pageHeaders(page.next) };
});
