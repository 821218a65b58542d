import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOKS_MAX, type Webhook } from '@shared/contract/webhooks';
import { ForbiddenError, NotFoundError } from '../http/errors';
import { beginsWith, db, getItem, TABLE } from './db';
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
 */
export const WEBHOOK_SK = 'XHOOK#';
export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const WEBHOOKS_FULL = `A workspace keeps at most ${WEBHOOKS_MAX} webhooks. Delete one you no longer use first.`;

export const webhookKeys = { item: (workspace: WorkspacePk, id: string) => ({ pk: workspace as string, sk: `${WEBHOOK_SK}${id}` }) };
export const webhookPreload = { webhook: ({ params, workspace }: PreloadInput<'id'>) => webhookKeys.item(workspace, params.id) };

export interface WebhookItem extends Webhook {
  sealed_secret: string;
  created_by: string;
}

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

export async function createWebhook(workspace: WorkspacePk, item: WebhookItem): Promise<void> {
  await transact([
    failing(holderParts.countWebhooks(workspace, 1, WEBHOOKS_MAX), () => new ForbiddenError(WEBHOOKS_FULL)),
    { put: { Item: { ...webhookKeys.item(workspace, item.id), type: 'webhook', ...item }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}

/** Changes the given fields; 404 when it is gone. Answers the item as it is now. */
export async function updateWebhook(
  workspace: WorkspacePk,
  id: string,
  fields: Partial<Pick<WebhookItem, 'url' | 'events' | 'format' | 'description' | 'active'>>,
) {
  const names = Object.keys(fields) as (keyof typeof fields)[];
  const set = [...names.map((_, i) => `#f${i} = :v${i}`), 'updated_at = :now'];
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: webhookKeys.item(workspace, id),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        // DynamoDB refuses an empty map: a body that changes nothing only touches updated_at.
        ...(names.length ? { ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) } : {}),
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])), ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as unknown as WebhookItem;
  } catch (error) {
    if (conditionFailed(error)) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    throw error;
  }
}

export async function deleteWebhook(workspace: WorkspacePk, id: string): Promise<void> {
  await transact([
    failing({ delete: { Key: webhookKeys.item(workspace, id), ConditionExpression: 'attribute_exists(pk)' } }, () => new NotFoundError(WEBHOOK_NOT_FOUND)),
    holderParts.countWebhooks(workspace, -1),
  ]);
}

/** Access pattern: the workspace's webhooks (one Query on its XHOOK# range, past 1 MB in pages). */
export const listWebhooks = async (workspace: WorkspacePk) => (await beginsWith(workspace, WEBHOOK_SK, { ConsistentRead: true })) as unknown as WebhookItem[];

export async function getWebhook(workspace: WorkspacePk, id: string): Promise<WebhookItem | undefined> {
  const item = await getItem(webhookKeys.item(workspace, id), { consistent: true });
  return item ? (item as unknown as WebhookItem) : undefined;
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
