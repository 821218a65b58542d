import type { ActivityEvent, EventType } from '@shared/contract/activity';
import { type ActivityItem, newActivityId, recordActivity } from '../data/activity';
import type { WorkspacePk } from '../data/keys';
import type { Author } from '../data/workspace';
import { logger } from '../http/log';
import { enqueue } from '../services/queue';
import { fanOut } from './webhooks';

/** What a change tells: the event without its id and time (given here). */
export type EventInput = Omit<ActivityEvent, 'id' | 'at' | 'actor' | 'type'> & { type: EventType; actor: Author | { name: string; user_id?: string } };

/**
 * The one way a change is told (LOOP.md, "Events, activity and webhooks"): called AFTER the change
 * is written, it hands the event (its id and time fixed now) to the `events` worker, which keeps
 * it in the activity feed and sends it to the workspace's webhooks. The request pays one queue
 * send and no table round trip; it never fails the change: a problem is logged, not thrown.
 */
export async function emitEvent(workspace: WorkspacePk, input: EventInput): Promise<void> {
  const at = new Date();
  const { actor, ...rest } = input;
  const event: ActivityItem = {
    ...rest,
    id: newActivityId(at),
    at: at.toISOString(),
    actor: { name: actor.name },
    ...('user_id' in actor && actor.user_id ? { actor_id: actor.user_id } : {}),
  };
  try {
    await enqueue('events', { workspace, event });
  } catch (error) {
    logger.error('Event not sent', { type: input.type, errorClass: (error as Error)?.name, errorMessage: (error as Error)?.message });
  }
}

/** The `events` worker's work for one event: the feed, then the workspace's webhooks. */
export async function handleEvent(workspace: WorkspacePk, event: ActivityItem): Promise<void> {
  await recordActivity(workspace, event);
  await fanOut(workspace, event);
}
