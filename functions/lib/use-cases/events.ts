import type { ActivityEvent, EventType } from '@shared/contract/activity';
import { MAX_DELAY_SECONDS } from '@shared/workers';
import { type ActivityItem, newActivityId, recordActivity } from '../data/activity';
import type { WorkspacePk } from '../data/keys';
import type { PromptItem } from '../data/prompt';
import type { Author } from '../data/workspace';
import { logger } from '../http/log';
import { enqueueBatch } from '../services/queue';
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
  await emitEvents(workspace, [input]);
}

/** How many events of one change are handed to the worker a second (the rest wait in the queue). */
const EVENTS_PER_SECOND = 20;

/** Several events of one change (an import), in order, in batched queue sends. */
export async function emitEvents(workspace: WorkspacePk, inputs: readonly EventInput[]): Promise<void> {
  const now = Date.now();
  // A millisecond apart, so the feed (ordered by id: time first) keeps their order.
  const events = inputs.map(({ actor, ...rest }, i): ActivityItem => {
    const at = new Date(now + i);
    return {
      ...rest,
      id: newActivityId(at),
      at: at.toISOString(),
      actor: { name: actor.name },
      ...('user_id' in actor && actor.user_id ? { actor_id: actor.user_id } : {}),
    };
  });
  try {
    // EVENTS_PER_SECOND a second at most (a large import), so one change never floods the events worker.
    const groups = Array.from({ length: Math.ceil(events.length / EVENTS_PER_SECOND) }, (_, i) =>
      events.slice(i * EVENTS_PER_SECOND, (i + 1) * EVENTS_PER_SECOND),
    );
    await Promise.all(
      groups.map((group, i) =>
        enqueueBatch(
          'events',
          group.map((event) => ({ workspace, event })),
          { delaySeconds: Math.min(i, MAX_DELAY_SECONDS) },
        ),
      ),
    );
  } catch (error) {
    logger.error('Event not sent', { type: inputs[0]?.type, errorClass: (error as Error)?.name, errorMessage: (error as Error)?.message });
  }
}

/** An imported prompt told as a save and label moves are (the feed and webhooks): its newest version, then each label. */
export const importedEvents = (author: Author, prompt: Pick<PromptItem, 'id' | 'title' | 'version' | 'labels'>): EventInput[] => {
  const told = { actor: author, prompt_id: prompt.id, prompt_title: prompt.title };
  return [
    { type: 'prompt.version.created', ...told, version: prompt.version },
    ...Object.entries(prompt.labels ?? {}).map(([label, version]): EventInput => ({ type: 'prompt.label.moved', ...told, label, version })),
  ];
};

/** The `events` worker's work for one event: the feed, then the workspace's webhooks. */
export async function handleEvent(workspace: WorkspacePk, event: ActivityItem): Promise<void> {
  await recordActivity(workspace, event);
  await fanOut(workspace, event);
}
