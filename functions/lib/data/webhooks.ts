import { randomBytes } from 'node:crypto';
import { WEBHOOKS_MAX, type Webhook } from '@shared/contract/webhooks';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { beginsWith, getItem, type Key } from './db';
import type { PreloadInput, WorkspacePk } from './keys';
import { conditionFailed } from './retry';
import { failing, transact, write } from './transactions';
import { holderParts } from './workspace';

/**
 * Webhooks (docs/data-model.md, "webhook"), the only writer of their items: in the workspace's
 * partition after `VERSION#` (`XHOOK#<id>`), so the workspace Query never reads them. The signing
 * secret is stored sealed (secret-box.ts, bound to the workspace and the webhook). The holder item
 * counts them (`webhooks_used`, at most WEBHOOKS_MAX) in the same transaction as each create and
 * delete, so parallel creates never pass it.
 *
 * Each webhook also has a **gate** in its deliveries' partition (`HOOK#<id>`, `GATE`): its `rev`,
 * a random tag changed in the same transaction as every create, update and delete. A delivery
 * message carries the url, sealed secret and `rev` the fan-out read; the `webhook` worker reads
 * the gate (not the workspace's partition) and sends only while the rev is the same, so a
 * webhook paused, deleted, re-pointed (or its secret rotated) after the message was queued is
 * read again before anything is sent (docs/decisions.md, "Webhook fan-out reads").
 */
export const WEBHOOK_SK = 'XHOOK#';
export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const WEBHOOKS_FULL = `A workspace keeps at most ${WEBHOOKS_MAX} webhooks. Delete one you no longer use first.`;

export const webhookKeys = {
  item: (workspace: WorkspacePk, id: string) => ({ pk: workspace as string, sk: `${WEBHOOK_SK}${id}` }),
  /** Beside its deliveries (data/webhook-deliveries.ts: `HOOK#<id>`, `D#…`), never in the workspace's partition. */
  gate: (id: string): Key => ({ pk: `HOOK#${id}`, sk: 'GATE' }),
};
export const webhookPreload = { webhook: ({ params, workspace }: PreloadInput<'id'>) => webhookKeys.item(workspace, params.id) };

export interface WebhookItem extends Webhook {
  sealed_secret: string;
  created_by: string;
  /** The gate's tag (absent on webhooks made before the gate until their first delivery adds it: `addGate`). */
  rev?: string;
}

const newRev = () => randomBytes(6).toString('base64url');
const putGate = (id: string, rev: string) => ({ put: { Item: { ...webhookKeys.gate(id), type: 'webhook_gate', rev } } });

/** Where a delivery goes, as a message carries it: only for an active webhook with a gate (others are read again when sent). */
export interface DeliveryTarget {
  url: string;
  sealed_secret: string;
  rev: string;
  /** Failing when read: a delivery that succeeds clears the mark. */
  failing: boolean;
}
export const targetOf = (webhook: WebhookItem): { target?: DeliveryTarget } =>
  webhook.active && webhook.rev
    ? { target: { url: webhook.url, sealed_secret: webhook.sealed_secret, rev: webhook.rev, failing: Boolean(webhook.failing_since) } }
    : {};

/** What a webhook's workspace item names outside the workspace's partition: deleted with it (account and team deletion). */
export const webhookOutside = (sk: string): Key[] => (sk.startsWith(WEBHOOK_SK) ? [webhookKeys.gate(sk.slice(WEBHOOK_SK.length))] : []);

/** The public shape: an allow-list, so the sealed secret never reaches an answer. */
export const toWebhook = ({ id, url, events, format, description, active, failing_since, created_at }: WebhookItem): Webhook => ({
  id,
  url,
  events,
  format,
  description: description ?? '',
  active,
  failing_since: failing_since ?? null,
  created_at,
});

export function webhookFrom(item: Record<string, unknown> | undefined): WebhookItem {
  if (item?.type !== 'webhook') throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return item as unknown as WebhookItem;
}

export async function createWebhook(workspace: WorkspacePk, item: Omit<WebhookItem, 'rev'>): Promise<void> {
  const rev = newRev();
  await transact([
    failing(holderParts.countWebhooks(workspace, 1, WEBHOOKS_MAX), () => new ForbiddenError(WEBHOOKS_FULL)),
    { put: { Item: { ...webhookKeys.item(workspace, item.id), type: 'webhook', ...item, rev }, ConditionExpression: 'attribute_not_exists(pk)' } },
    putGate(item.id, rev),
  ]);
}

/**
 * Changes the given fields and the rev (with the gate's, in one transaction: a queued delivery
 * reads the webhook again); 404 when it is gone. Answers the item as it is now.
 */
export async function updateWebhook(
  workspace: WorkspacePk,
  id: string,
  fields: Partial<Pick<WebhookItem, 'url' | 'events' | 'format' | 'description' | 'active'>>,
) {
  const names = Object.keys(fields) as (keyof typeof fields)[];
  const rev = newRev();
  await transact([
    failing(
      {
        update: {
          Key: webhookKeys.item(workspace, id),
          UpdateExpression: `SET ${[...names.map((_, i) => `#f${i} = :v${i}`), 'updated_at = :now', 'rev = :rev'].join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          // DynamoDB refuses an empty map: a body that changes nothing only touches updated_at and rev.
          ...(names.length ? { ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) } : {}),
          ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])), ':now': new Date().toISOString(), ':rev': rev },
        },
      },
      () => new NotFoundError(WEBHOOK_NOT_FOUND),
    ),
    putGate(id, rev),
  ]);
  const item = await getWebhook(workspace, id);
  if (!item) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  return item;
}

export async function deleteWebhook(workspace: WorkspacePk, id: string): Promise<void> {
  await transact([
    failing({ delete: { Key: webhookKeys.item(workspace, id), ConditionExpression: 'attribute_exists(pk)' } }, () => new NotFoundError(WEBHOOK_NOT_FOUND)),
    holderParts.countWebhooks(workspace, -1),
    { delete: { Key: webhookKeys.gate(id) } },
  ]);
}

class GatedMeanwhile extends Error {}

/**
 * A webhook made before gates gets its gate and rev, once (conditioned on having no rev yet, in one
 * transaction): its deliveries then read the gate, not the workspace's partition. Answers the webhook
 * with its rev, or as read when another writer (an edit, a delete, another fan-out) came first; its
 * deliveries then read the webhook again, as before.
 */
export async function addGate(workspace: WorkspacePk, webhook: WebhookItem): Promise<WebhookItem> {
  const rev = newRev();
  try {
    await transact([
      failing(
        {
          update: {
            Key: webhookKeys.item(workspace, webhook.id),
            UpdateExpression: 'SET rev = :rev',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(rev)',
            ExpressionAttributeValues: { ':rev': rev },
          },
        },
        () => new GatedMeanwhile(),
      ),
      putGate(webhook.id, rev),
    ]);
    return { ...webhook, rev };
  } catch (error) {
    if (error instanceof GatedMeanwhile) return webhook;
    throw error;
  }
}

/** Access pattern: the workspace's webhooks (one Query on its XHOOK# range, past 1 MB in pages). */
export const listWebhooks = async (workspace: WorkspacePk) => (await beginsWith(workspace, WEBHOOK_SK, { ConsistentRead: true })) as unknown as WebhookItem[];

export async function getWebhook(workspace: WorkspacePk, id: string): Promise<WebhookItem | undefined> {
  const item = await getItem(webhookKeys.item(workspace, id), { consistent: true });
  return item ? (item as unknown as WebhookItem) : undefined;
}

/** The gate's rev now (strongly read, in the webhook's own partition); undefined when it has none. */
export async function gateRev(id: string): Promise<string | undefined> {
  const item = await getItem(webhookKeys.gate(id), { consistent: true });
  return item?.rev as string | undefined;
}

/**
 * Marks the webhook failing; true only for the call that marked it (the owner is told once per
 * failing spell). A delivery that succeeds clears it (`healthy`).
 */
export async function markFailing(workspace: WorkspacePk, id: string, at: string): Promise<boolean> {
  try {
    await write(
      failing(
        {
          update: {
            Key: webhookKeys.item(workspace, id),
            UpdateExpression: 'SET failing_since = :at',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(failing_since) OR failing_since = :null)',
            ExpressionAttributeValues: { ':at': at, ':null': null },
          },
        },
        () => new Error('already failing'),
      ),
    );
    return true;
  } catch (error) {
    if ((error as Error).message === 'already failing') return false;
    throw error;
  }
}

export async function markHealthy(workspace: WorkspacePk, id: string): Promise<void> {
  await write({
    update: {
      Key: webhookKeys.item(workspace, id),
      UpdateExpression: 'REMOVE failing_since',
      ConditionExpression: 'attribute_exists(pk) AND attribute_exists(failing_since)',
    },
  }).catch((error: unknown) => {
    // Cleared meanwhile (another delivery succeeded too), or deleted: nothing to clear.
    if (!conditionFailed(error)) throw error;
  });
}
