import type { ActivityItem } from '../lib/data/activity';
import type { WorkspacePk } from '../lib/data/keys';
import { worker } from '../lib/services/queue';
import { handleEvent } from '../lib/use-cases/events';

/** The events worker (use-cases/events.ts): one change told, into the feed and out to webhooks. */
export const handler = worker('events', async (body) => {
  await handleEvent(body.workspace as WorkspacePk, body.event as unknown as ActivityItem);
});
