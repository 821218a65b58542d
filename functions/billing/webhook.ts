import type Stripe from 'stripe';
import { PAID_PLANS, type PaidPlan } from '@shared/contract/billing';
import type { Tier } from '@shared/tiers';
import { userIdForCustomer } from '../lib/data/billing';
import { BadRequestError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { applyTierChange, billingConfig, planForPrice, stripe } from '../lib/use-cases/billing';

/**
 * POST /billing/webhook (Stripe; no bearer token). The raw body's signature is verified with the
 * webhook secret and Stripe's default tolerance; then the tier follows the subscription the user
 * pays with (stored on the user as stripe_subscription_id): a paid checkout
 * (checkout.session.completed or .async_payment_succeeded with payment_status paid or
 * no_payment_required) sets it, customer.subscription.updated / .deleted of that subscription keep
 * it in step, other subscriptions' events are ignored (lib/data/billing.ts, billingCondition). Every
 * event applies at most once and never over a newer one; unknown types are acknowledged.
 */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const isPlan = (value: unknown): value is PaidPlan => (PAID_PLANS as readonly unknown[]).includes(value);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

async function tierForSubscription(subscription: Stripe.Subscription): Promise<Tier | null> {
  if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status)) return 'free';
  if (!['active', 'trialing'].includes(subscription.status)) return null; // past_due etc.: no change yet
  const plan = (await planForPrice(subscription.items?.data?.[0]?.price?.id)) ?? subscription.metadata?.plan;
  return isPlan(plan) ? plan : null;
}

export const handler = api('POST /billing/webhook', {}, async ({ event }) => {
  const signature = event.headers['stripe-signature'];
  if (!signature) throw new BadRequestError('Missing Stripe-Signature header.');
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64') : Buffer.from(event.body ?? '', 'utf8');
  const { webhookSecret } = await billingConfig();
  let stripeEvent: Stripe.Event;
  try {
    stripeEvent = (await stripe()).webhooks.constructEvent(raw, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw new BadRequestError('Invalid Stripe signature.');
  }

  const base = { eventId: stripeEvent.id, eventCreated: stripeEvent.created };
  let result: string = 'ignored';
  switch (stripeEvent.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = stripeEvent.data.object;
      const userId = session.client_reference_id ?? session.metadata?.user_id;
      const plan = session.metadata?.plan;
      const subscriptionId = idOf(session.subscription);
      // A session completes before a delayed payment (bank debit) clears: only money granted grants.
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      if (session.mode === 'subscription' && paid && userId && subscriptionId && isPlan(plan)) {
        result = await applyTierChange({
          ...base,
          userId,
          tier: plan,
          customerId: idOf(session.customer),
          subscriptionId,
          subscriptionStatus: 'active',
          source: 'checkout',
        });
      }
      break;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = stripeEvent.data.object;
      const customerId = idOf(subscription.customer);
      const userId = subscription.metadata?.user_id ?? (customerId ? await userIdForCustomer(customerId) : undefined);
      const tier = stripeEvent.type === 'customer.subscription.deleted' ? 'free' : await tierForSubscription(subscription);
      if (userId && tier) {
        const status = stripeEvent.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status;
        result = await applyTierChange({ ...base, userId, tier, subscriptionId: subscription.id, subscriptionStatus: status, source: 'subscription' });
      }
      break;
    }
  }
  return ok({ received: true, applied: result === 'applied' });
});
