import type { RouteKey } from '../../routes';
import { ADMIN_PAGE_HEADERS } from '../admin';
import type { RouteContract } from '../route-contract';
import { CreatedWebhook, DeliveriesQuery, DeliveryList, DeliveryQueued, Webhook, WebhookInput, WebhookList, WebhookUpdate } from '../webhooks';

/** The contract of the Webhooks area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const WEBHOOKS_ROUTES = {
  'POST /webhooks': {
    summary:
      'Add a webhook to the workspace (owners; at most 1,000): the URL (https and a public address when deployed) gets the events named, signed per Standard Webhooks; the signing secret is in this answer only',
    request: WebhookInput,
    response: CreatedWebhook,
    status: 201,
  },
  'GET /webhooks': { summary: "The workspace's webhooks (owners; never a secret)", response: WebhookList },
  'PUT /webhooks/{id}': {
    summary: "Change a webhook's URL, events, format or description, or pause it (active: false)",
    request: WebhookUpdate,
    response: Webhook,
  },
  'DELETE /webhooks/{id}': { summary: 'Delete a webhook: nothing more is sent to it', status: 204 },
  'GET /webhooks/{id}/deliveries': {
    summary: "A webhook's deliveries, newest first, 50 a page: status, attempts, the last response code and duration (kept 30 days)",
    query: DeliveriesQuery,
    response: DeliveryList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    summary: 'Send a delivery again: the same body and webhook-id, with a fresh 24 hours of retries',
    response: DeliveryQueued,
    status: 202,
  },
  'POST /webhooks/{id}/test': {
    summary: 'Send a signed webhook.test delivery now; its outcome shows in the deliveries',
    response: DeliveryQueued,
    status: 202,
  },
} satisfies Partial<Record<RouteKey, RouteContract>>;
