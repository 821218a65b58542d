import { randomBytes } from 'node:crypto';
import { ACTIVITY_KEEP_DAYS, ACTIVITY_PAGE_MAX, type ActivityEvent } from '@shared/contract/activity';
import { batchWrite, queryPages } from './db';
import type { WorkspacePk } from './keys';
import { decodeCursor, encodeCursor } from './paging';

/**
 * Activity (issue 31), the only writer of its items: each event is kept twice in the workspace's
 * partition, after `VERSION#` (the workspace Query never loads them): `XACT#W#<id>` for the
 * workspace's feed and `XACT#P#<prompt id>#<id>` for the prompt's. Ids sort by time, so a feed is
 * one Query newest first. Each item expires after ACTIVITY_KEEP_DAYS (TTL `expires_at`): the
 * feed cannot grow without bound. In the workspace partition, an account's export and deletion
 * take them with the rest.
 */
export const ACTIVITY_SK = 'XACT#';
const workspaceFeed = `${ACTIVITY_SK}W#`;
const promptFeed = (promptId: string) => `${ACTIVITY_SK}P#${promptId}#`;

/** Ids sort by time (milliseconds, base 36), then a random tail. */
export const newActivityId = (at: Date) => `${at.getTime().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;

/** What is stored: the feed's view, plus the actor's user id (for notices; never answered). */
export type ActivityItem = ActivityEvent & { actor_id?: string };

/**
 * Writes the event into the workspace's feed and, when it is about a prompt, the prompt's. A
 * prompt's deletion is told in the workspace's feed only, and its own feed goes with it (nobody
 * can open a deleted prompt's feed; a redelivery deletes nothing more).
 */
export async function recordActivity(workspace: WorkspacePk, event: ActivityItem): Promise<void> {
  const expires_at = Math.floor(Date.parse(event.at) / 1000) + ACTIVITY_KEEP_DAYS * 86_400;
  const item = { ...event, event_type: event.type, type: 'activity', expires_at };
  const keys = [{ pk: workspace as string, sk: `${workspaceFeed}${event.id}` }];
  const deleted = event.type === 'prompt.deleted';
  if (event.prompt_id && !deleted) keys.push({ pk: workspace, sk: `${promptFeed(event.prompt_id)}${event.id}` });
  await batchWrite(keys.map((key) => ({ PutRequest: { Item: { ...item, ...key } } })));
  if (deleted && event.prompt_id) await deletePromptFeed(workspace, event.prompt_id);
}

async function deletePromptFeed(workspace: WorkspacePk, promptId: string): Promise<void> {
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': promptFeed(promptId) },
    ProjectionExpression: 'pk, sk',
  })) {
    if (page.length) await batchWrite(page.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
  }
}

/** A page of the feed, newest first, and the cursor of the next (null at the end). */
export async function activityPage(
  workspace: WorkspacePk,
  promptId: string | null,
  cursor: string | undefined,
): Promise<{ events: ActivityEvent[]; next: string | null }> {
  const prefix = promptId ? promptFeed(promptId) : workspaceFeed;
  const list = `activity:${workspace}:${prefix}`;
  const after = cursor === undefined ? undefined : await decodeCursor(list, cursor);
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': workspace, ':prefix': prefix },
    ...(after?.startsWith(prefix) ? { ExclusiveStartKey: { pk: workspace, sk: after } } : {}),
    ScanIndexForward: false,
    Limit: ACTIVITY_PAGE_MAX,
  })) {
    const events = page.map(toEvent);
    const last = page.at(-1);
    return { events, next: page.length === ACTIVITY_PAGE_MAX && last ? await encodeCursor(list, String(last.sk)) : null };
  }
  return { events: [], next: null };
}

/** The stored item as the feed shows it: no keys, no user ids. */
export function toEvent(item: Record<string, unknown>): ActivityEvent {
  const { pk: _pk, sk: _sk, type: _type, event_type, expires_at: _expires, actor_id: _actor, ...rest } = item;
  return { ...rest, type: event_type } as ActivityEvent;
}
