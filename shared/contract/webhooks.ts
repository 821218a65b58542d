import * as z from 'zod/mini';
import { EVENT_TYPES } from './activity';

/**
 * Webhooks (issue 31): a workspace's owners point events at a URL. Each delivery is signed per the
 * Standard Webhooks spec (https://www.standardwebhooks.com): headers `webhook-id` (the delivery's
 * id, the same on every retry: the receiver's idempotency key), `webhook-timestamp` (Unix seconds)
 * and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the
 * secret, given once at creation as `whsec_<base64>`).
 */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export const WEBHOOK_URL_MAX = 2_000;
/** Webhooks per workspace: enough for every team tool; the fan-out of one event stays spread. */
export const WEBHOOKS_MAX = 1_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** The type of the delivery POST /webhooks/{id}/test sends. */
export const TEST_EVENT = 'webhook.test';

const Url = z
  .string()
  .check(z.trim(), z.minLength(1, 'url must be an absolute URL.'), z.maxLength(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters.`));
const Events = z.array(z.enum(EVENT_TYPES, `events: each is one of ${EVENT_TYPES.join(', ')}.`)).check(
  z.minLength(1, 'events names at least one event.'),
  z.refine((events: string[]) => new Set(events).size === events.length, 'events names each event once.'),
);
const Format = z.enum(WEBHOOK_FORMATS, `format must be one of: ${WEBHOOK_FORMATS.join(', ')}.`);
const Description = z.string().check(z.maxLength(WEBHOOK_DESCRIPTION_MAX, `description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`));

/** POST /webhooks. */
export const WebhookInput = z.strictObject({ url: Url, events: Events, format: z.optional(Format), description: z.optional(Description) });
export type WebhookInput = z.infer<typeof WebhookInput>;

/** PUT /webhooks/{id}: the fields to change (`active: false` pauses it). */
export const WebhookUpdate = z.strictObject({
  url: z.optional(Url),
  events: z.optional(Events),
  format: z.optional(Format),
  description: z.optional(Description),
  active: z.optional(z.boolean('active must be true or false.')),
});
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  description: z.string(),
  active: z.boolean(),
  /** Since when its deliveries fail for good (null: healthy); a delivery that succeeds clears it. */
  failing_since: z.nullable(z.string()),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;
/** 201 of POST /webhooks: the signing secret, shown this once. */
export const CreatedWebhook = z.extend(Webhook, { secret: z.string() });
export const WebhookList = z.object({ webhooks: z.array(Webhook) });

export const Delivery = z.object({
  id: z.string(),
  event_type: z.string(),
  event_id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  response_code: z.nullable(z.number()),
  duration_ms: z.nullable(z.number()),
  error: z.nullable(z.string()),
  created_at: z.string(),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
});
export type Delivery = z.infer<typeof Delivery>;
export const DeliveryList = z.object({ deliveries: z.array(Delivery) });
export const DeliveryQueued = z.object({ delivery: Delivery });
export const DeliveriesQuery = z.object({
  cursor: z.optional(z.string().check(z.describe('The x-next-cursor header of the previous page (opaque, signed; anything else → 400)'))),
});
