import type { Tier } from '@shared/tiers';
import { getItem } from './db';
import { cancellationCodes } from './retry';
import { failing, type Part, transact } from './transactions';
import { userParts } from './users';

/**
 * Billing's items (docs/data-model.md): the Stripe customer claim `STRIPE_CUSTOMER#<id>` that maps a
 * customer back to its user, and one `STRIPE_EVENT#<id>` per processed event, written in the same
 * transaction as its effect on the user item (users.ts `userParts.setBilling`). Talking to Stripe
 * is use-cases/billing.ts.
 */
const customerKey = (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'CUSTOMER' });

/** The claim and the user's `stripe_customer_id` together; a customer linked before (or a race) changes nothing. */
export async function linkCustomer(userId: string, customerId: string): Promise<void> {
  try {
    await transact([{ put: { Item: { ...customerKey(customerId), type: 'stripe_customer', user_id: userId } } }, userParts.linkCustomer(userId, customerId)]);
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
  }
}

/** Access pattern: a Stripe event's user (GetItem on the customer claim). */
export async function userIdForCustomer(customerId: string): Promise<string | undefined> {
  return (await getItem(customerKey(customerId)))?.user_id as string | undefined;
}

export const billingParts = {
  /** The customer claim goes with the account. */
  dropCustomer: (customerId: string): Part => ({ delete: { Key: customerKey(customerId) } }),
};

export interface TierChange {
  userId: string;
  tier: Tier;
  eventId: string;
  /** Stripe's `created` (seconds): an older event than the last applied one changes nothing. */
  eventCreated: number;
  customerId?: string;
  /** The subscription the event is about: the tier follows only the one the user pays with. */
  subscriptionId: string;
  subscriptionStatus: string;
  /**
   * 'checkout': a paid checkout, which makes its subscription the one that grants the tier.
   * 'subscription': a change of a subscription, applied only to the granting one (or adopted when
   * the user has no live subscription and this one grants a plan).
   */
  source: 'checkout' | 'subscription';
}

/** A subscription that bills: its events are the only ones that move the tier. */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'];
/** States a subscription never leaves (Stripe cannot reactivate them). */
const FINAL_STATUSES = ['canceled', 'incomplete_expired'];

const EVENT_TTL_SECONDS = 60 * 60 * 24 * 30;
const eventMarker = (eventId: string): Part => ({
  put: {
    Item: { pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT', type: 'stripe_event', expires_at: Math.floor(Date.now() / 1000) + EVENT_TTL_SECONDS },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/**
 * When an event may change the user's billing fields, as one condition on the user item:
 * - the granting subscription's own events apply unless older than the last applied event or the
 *   subscription has ended for good (so an 'active' and a 'deleted' of the same second land on
 *   'canceled' in either order);
 * - a paid checkout always makes its subscription the granting one (a newer purchase), unless that
 *   very subscription already ended;
 * - another subscription's event is ignored while the user has a live one (an old subscription
 *   deleted after the user re-subscribed does not downgrade them), and adopted only when the user
 *   has none and it grants a plan.
 */
function billingCondition(change: TierChange): { expression: string; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { ':sub': change.subscriptionId, ':created': change.eventCreated };
  const list = (prefix: string, statuses: string[]) =>
    statuses
      .map((status, i) => {
        values[`:${prefix}${i}`] = status;
        return `:${prefix}${i}`;
      })
      .join(', ');
  const own = `stripe_subscription_id = :sub AND (attribute_not_exists(billing_event_created) OR billing_event_created <= :created) AND NOT subscription_status IN (${list('final', FINAL_STATUSES)})`;
  const alternatives = [own];
  if (change.tier !== 'free') {
    alternatives.push(
      'attribute_not_exists(stripe_subscription_id)',
      change.source === 'checkout'
        ? 'stripe_subscription_id <> :sub'
        : `stripe_subscription_id <> :sub AND NOT subscription_status IN (${list('live', LIVE_STATUSES)})`,
    );
  }
  // DynamoDB refuses redundant parentheses, so one alternative goes in bare.
  const either = alternatives.length === 1 ? `(${own})` : `((${alternatives.join(') OR (')}))`;
  return { expression: `attribute_exists(pk) AND ${either}`, values };
}

class Duplicate extends Error {}
class Stale extends Error {}

/**
 * Records a tier change at most once per event (the event marker is written in the same
 * transaction) and only as billingCondition allows. Returns 'applied', 'duplicate' or 'stale'
 * (older, or about a subscription that does not grant the tier).
 */
export async function recordTierChange(change: TierChange): Promise<'applied' | 'duplicate' | 'stale'> {
  const fields: Record<string, unknown> = {
    access_tier: change.tier,
    billing_event_created: change.eventCreated,
    stripe_subscription_id: change.subscriptionId,
    subscription_status: change.subscriptionStatus,
  };
  if (change.customerId) fields.stripe_customer_id = change.customerId;
  try {
    await transact([
      failing(eventMarker(change.eventId), () => new Duplicate()),
      failing(userParts.setBilling(change.userId, fields, billingCondition(change)), () => new Stale()),
      ...(change.customerId ? [{ put: { Item: { ...customerKey(change.customerId), type: 'stripe_customer', user_id: change.userId } } }] : []),
    ]);
  } catch (error) {
    if (error instanceof Duplicate) return 'duplicate';
    if (error instanceof Stale) {
      // Stale, another subscription's, or the user is gone: remember the event so a redelivery is not reconsidered.
      await transact([eventMarker(change.eventId)]).catch(() => {});
      return 'stale';
    }
    throw error;
  }
  return 'applied';
}
