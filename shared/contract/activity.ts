import * as z from 'zod/mini';

/**
 * The activity feed and the events behind it (issue 31; LOOP.md, "Events, activity and webhooks"):
 * every change worth telling a team about is one event, kept in the workspace's feed (and the
 * prompt's) and sent to the workspace's webhooks that asked for its type.
 */
export const EVENT_TYPES = [
  'prompt.version.created',
  'prompt.label.moved',
  'prompt.deleted',
  'prompt.shared',
  'prompt.forked',
  'review.opened',
  'review.approved',
  'review.changes_requested',
  'review.merged',
  'review.closed',
  'evaluation.finished',
  'webhook.failing',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events a feed page holds at most. */
export const ACTIVITY_PAGE_MAX = 50;
/** How long the feed keeps an event (DynamoDB's TTL removes it after). */
export const ACTIVITY_KEEP_DAYS = 90;

/** One event as the feed shows it: who by name (never a user id), what, when. */
export const ActivityEvent = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  at: z.string(),
  actor: z.object({ name: z.string() }),
  prompt_id: z.optional(z.string()),
  prompt_title: z.optional(z.string()),
  version: z.optional(z.number()),
  label: z.optional(z.string()),
  /** A label move an owner forced past its gate. */
  forced: z.optional(z.boolean()),
  review_id: z.optional(z.string()),
  evaluation_id: z.optional(z.string()),
  /** evaluation.finished: how it ended (done, failed, cancelled) and the share of its finished cells that passed. */
  status: z.optional(z.enum(['done', 'failed', 'cancelled'])),
  pass_rate: z.optional(z.number()),
  webhook_id: z.optional(z.string()),
  /** A short line for the feed (an evaluation's pass rate, a failing webhook's address). */
  detail: z.optional(z.string()),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityList = z.object({ events: z.array(ActivityEvent) });

export const ActivityQuery = z.object({
  cursor: z.optional(z.string().check(z.describe('The x-next-cursor header of the previous page (opaque, signed; anything else → 400)'))),
});
