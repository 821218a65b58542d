import { randomBytes, randomUUID } from 'node:crypto';
import { describeEvent } from '@shared/activity';
import type { ActivityEvent } from '@shared/contract/activity';
import { TEST_EVENT, type WebhookInput, type WebhookUpdate } from '@shared/contract/webhooks';
import type { ActivityItem } from '../data/activity';
import type { WorkspacePk } from '../data/keys';
import { workspaceOwner } from '../data/keys';
import { createDeliveries, type DeliveryItem, newDeliveryId, restartDelivery, toDelivery } from '../data/webhook-deliveries';
import { addGate, createWebhook, listWebhooks, targetOf, toWebhook, updateWebhook, type WebhookItem } from '../data/webhooks';
import { BadRequestError } from '../http/errors';
import { checkOutboundUrl } from '../services/outbound-url';
import { enqueueBatch } from '../services/queue';
import { seal } from '../services/secret-box';

/**
 * Webhooks across their entities (data/webhooks.ts, data/webhook-deliveries.ts) and the services
 * they need: the URL checked before it is stored (outbound-url.ts), the signing secret made here,
 * shown once and stored sealed (secret-box.ts). Sending, signing and retrying: webhook-delivery.ts.
 */

/** The URL as stored: allowed by the outbound rules (400 with the reason), without credentials. */
async function checkedUrl(raw: string): Promise<string> {
  const url = await checkOutboundUrl(raw, 'url');
  if (url.username || url.password) throw new BadRequestError('url must not contain a user name or password.');
  return url.href;
}

/** POST /webhooks: the webhook and its secret (`whsec_` + 32 random bytes, base64), shown this once. */
export async function addWebhook(workspace: WorkspacePk, input: WebhookInput, userId: string) {
  const url = await checkedUrl(input.url);
  const id = randomUUID();
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const item: WebhookItem = {
    id,
    url,
    events: input.events,
    format: input.format ?? 'json',
    description: input.description ?? '',
    active: true,
    failing_since: null,
    created_at: new Date().toISOString(),
    created_by: userId,
    sealed_secret: await seal(secret, { workspace, item: id }),
  };
  await createWebhook(workspace, item);
  return { ...toWebhook(item), secret };
}

/** PUT /webhooks/{id}. */
export async function changeWebhook(workspace: WorkspacePk, id: string, input: WebhookUpdate) {
  const fields = { ...input, ...(input.url === undefined ? {} : { url: await checkedUrl(input.url) }) };
  return toWebhook(await updateWebhook(workspace, id, fields));
}

/** What a receiver gets: Standard Webhooks' `{type, timestamp, data}`, or Slack's incoming-webhook `{text}`. */
export function deliveryBody(
  webhook: Pick<WebhookItem, 'format'>,
  workspace: WorkspacePk,
  event: ActivityEvent | { type: typeof TEST_EVENT; id: string; at: string },
): string {
  if (webhook.format === 'slack')
    return JSON.stringify({ text: event.type === TEST_EVENT ? 'Construct: this webhook works.' : `Construct: ${describeEvent(event as ActivityEvent)}` });
  const { type, at, ...data } = event as ActivityEvent;
  const owner = workspaceOwner(workspace);
  return JSON.stringify({ type, timestamp: at, data: { ...data, workspace: 'teamId' in owner ? { team_id: owner.teamId } : { personal: true } } });
}

const pending = (webhook: WebhookItem, workspace: WorkspacePk, eventType: string, eventId: string, body: string): DeliveryItem => ({
  id: newDeliveryId(),
  webhook_id: webhook.id,
  workspace,
  event_type: eventType,
  event_id: eventId,
  body,
  status: 'pending',
  attempts: 0,
  response_code: null,
  duration_ms: null,
  error: null,
  created_at: new Date().toISOString(),
  first_attempt_at: null,
  last_attempt_at: null,
  next_attempt_at: null,
});

/**
 * Hands deliveries to the `webhook` worker. A message carries what sending needs of an active
 * webhook (url, sealed secret, rev), so the worker reads its gate, not the workspace's partition.
 */
const send = async (deliveries: { delivery: DeliveryItem; webhook: WebhookItem }[]) => {
  // A webhook made before gates gets its gate here, once.
  const gated = await Promise.all(deliveries.map(({ delivery, webhook }) => (webhook.rev ? webhook : addGate(delivery.workspace as WorkspacePk, webhook))));
  await enqueueBatch(
    'webhook',
    deliveries.map(({ delivery }, i) => ({ workspace: delivery.workspace, webhook_id: gated[i]!.id, delivery_id: delivery.id, ...targetOf(gated[i]!) })),
  );
};

/**
 * The events worker's fan-out: a delivery per active webhook that asked for the event's type,
 * each in its webhook's own partition, then one message each. Run twice for one event (a
 * redelivered message), it sends twice: receivers dedupe on the event id in the body.
 */
export async function fanOut(workspace: WorkspacePk, event: ActivityItem): Promise<number> {
  const { actor_id: _actor, ...shown } = event;
  const targets = (await listWebhooks(workspace)).filter((w) => w.active && w.events.includes(event.type));
  if (!targets.length) return 0;
  const deliveries = targets.map((webhook) => ({
    webhook,
    delivery: pending(webhook, workspace, event.type, event.id, deliveryBody(webhook, workspace, shown)),
  }));
  await createDeliveries(deliveries.map((d) => d.delivery));
  await send(deliveries);
  return deliveries.length;
}

/** POST /webhooks/{id}/test: a `webhook.test` delivery, sent like any other. */
export async function testWebhook(workspace: WorkspacePk, webhook: WebhookItem) {
  const at = new Date();
  const eventId = `test_${at.getTime().toString(36)}${randomBytes(4).toString('hex')}`;
  const delivery = pending(webhook, workspace, TEST_EVENT, eventId, deliveryBody(webhook, workspace, { type: TEST_EVENT, id: eventId, at: at.toISOString() }));
  await createDeliveries([delivery]);
  await send([{ delivery, webhook }]);
  return toDelivery(delivery);
}

/** POST /webhooks/{id}/deliveries/{delivery_id}/redeliver: the same body and webhook-id, retried afresh. */
export async function redeliver(webhook: WebhookItem, deliveryId: string) {
  const delivery = await restartDelivery(webhook.id, deliveryId);
  await send([{ delivery, webhook }]);
  return toDelivery(delivery);
}
