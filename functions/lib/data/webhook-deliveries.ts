import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Delivery } from '@shared/contract/webhooks';
import { NotFoundError } from '../http/errors';
import { batchWrite, db, getItem, queryPages, TABLE } from './db';
import { decodeCursor, encodeCursor } from './paging';
import { conditionFailed } from './retry';

/**
 * Webhook deliveries (docs/data-model.md, "webhook delivery"), the only writer of their items: a
 * partition per webhook (`HOOK#<webhook id>`, `D#<delivery id>`), so the fan-out of one event to a
 * workspace's 1,000 webhooks is 1,000 writes to 1,000 partitions, never one hot one. Each keeps
 * the body sent (so a redelivery sends the same bytes under the same `webhook-id`), its status and
 * the last attempt's outcome; kept 30 days (TTL).
 */
export const DELIVERY_NOT_FOUND = 'Delivery not found.';
const KEEP_DAYS = 30;
const PAGE = 50;

export const deliveryKeys = {
  partition: (webhookId: string) => `HOOK#${webhookId}`,
  item: (webhookId: string, id: string) => ({ pk: `HOOK#${webhookId}`, sk: `D#${id}` }),
};

/** Ids sort by time and carry the `msg_` prefix Standard Webhooks' examples use. */
export const newDeliveryId = () => `msg_${Date.now().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

export interface DeliveryItem extends Delivery {
  webhook_id: string;
  workspace: string;
  /** The exact body sent (JSON text). */
  body: string;
  /** When the first attempt was made: retries stop 24 hours after. */
  first_attempt_at: string | null;
}

export const toDelivery = (item: DeliveryItem): Delivery => ({
  id: item.id,
  event_type: item.event_type,
  event_id: item.event_id,
  status: item.status,
  attempts: item.attempts,
  response_code: item.response_code ?? null,
  duration_ms: item.duration_ms ?? null,
  error: item.error ?? null,
  created_at: item.created_at,
  last_attempt_at: item.last_attempt_at ?? null,
  next_attempt_at: item.next_attempt_at ?? null,
});

const expiresAt = () => Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400;

/** New deliveries (pending, no attempt yet), each in its webhook's partition. */
export async function createDeliveries(items: DeliveryItem[]): Promise<void> {
  await batchWrite(
    items.map((d) => ({ PutRequest: { Item: { ...deliveryKeys.item(d.webhook_id, d.id), type: 'webhook_delivery', ...d, expires_at: expiresAt() } } })),
  );
}

export async function getDelivery(webhookId: string, id: string): Promise<DeliveryItem> {
  const item = await getItem(deliveryKeys.item(webhookId, id), { consistent: true });
  if (!item) throw new NotFoundError(DELIVERY_NOT_FOUND);
  return item as unknown as DeliveryItem;
}

/** Records an attempt's outcome and what comes next (a retry's time, or the final status). */
export async function recordAttempt(
  webhookId: string,
  id: string,
  outcome: Pick<DeliveryItem, 'status' | 'response_code' | 'duration_ms' | 'error' | 'last_attempt_at' | 'next_attempt_at' | 'first_attempt_at'>,
): Promise<DeliveryItem> {
  const fields = Object.entries(outcome);
  return updated({
    Key: deliveryKeys.item(webhookId, id),
    UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')} ADD attempts :one`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name])),
    ExpressionAttributeValues: { ...Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])), ':one': 1 },
  });
}

/** A redelivery: pending again, a fresh 24 hours of retries; attempts keep counting. */
export async function restartDelivery(webhookId: string, id: string): Promise<DeliveryItem> {
  return updated({
    Key: deliveryKeys.item(webhookId, id),
    UpdateExpression: 'SET #s = :pending, first_attempt_at = :null, next_attempt_at = :null, expires_at = :exp',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ':null': null, ':exp': expiresAt() },
  });
}

/** An update of an existing delivery, answering it as written (404 when it is gone). */
async function updated(update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'ReturnValues'>): Promise<DeliveryItem> {
  try {
    return (await db.send(new UpdateCommand({ TableName: TABLE, ...update, ReturnValues: 'ALL_NEW' }))).Attributes as unknown as DeliveryItem;
  } catch (error) {
    if (conditionFailed(error)) throw new NotFoundError(DELIVERY_NOT_FOUND);
    throw error;
  }
}

/** A page of a webhook's deliveries, newest first, 50 a page. */
export async function deliveriesPage(webhookId: string, cursor: string | undefined): Promise<{ deliveries: Delivery[]; next: string | null }> {
  const list = `deliveries:${webhookId}`;
  const after = cursor === undefined ? undefined : await decodeCursor(list, cursor);
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': deliveryKeys.partition(webhookId), ':prefix': 'D#' },
    ...(after?.startsWith('D#') ? { ExclusiveStartKey: { pk: deliveryKeys.partition(webhookId), sk: after } } : {}),
    ScanIndexForward: false,
    ConsistentRead: true,
    Limit: PAGE,
  })) {
    const last = page.at(-1);
    return {
      deliveries: (page as unknown as DeliveryItem[]).map(toDelivery),
      next: page.length === PAGE && last ? await encodeCursor(list, String(last.sk)) : null,
    };
  }
  return { deliveries: [], next: null };
}
