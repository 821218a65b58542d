import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import type { PaidPlan } from '@shared/contract/billing';
import type { Tier } from '@shared/tiers';
import { db, TABLE } from '../data/db';
import { cancellationCodes } from '../data/retry';
import { syncTeamTiers } from '../data/team';
import { type Tx, transact } from '../data/transactions';
import { getUser, type UserRecord, userKeys } from '../data/users';
import { readSecret } from '../http/config';
import { ServiceUnavailableError } from '../http/errors';
import { moveLegacyProfileValuesOf } from '../migrations/legacy-profile-values';

/**
 * Stripe billing. Configuration: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO,
 * STRIPE_PRICE_ELITE (locally), or STRIPE_SECRET_ARN naming one Secrets Manager JSON secret with
 * secret_key, webhook_secret, price_pro, price_elite (in AWS). STRIPE_API_BASE points the SDK at
 * another server (tests use a loopback fake). Without a secret key the local stack runs its test
 * checkout (infra/local/test-checkout.ts), which signs events with the same webhook secret.
 */
export interface BillingConfig {
  secretKey?: string;
  webhookSecret: string;
  prices: Record<PaidPlan, string | undefined>;
}

const NOT_CONFIGURED = 'Payments are not configured yet. Please try again later.';

let loaded: Promise<BillingConfig> | undefined;
export function billingConfig(): Promise<BillingConfig> {
  loaded ??= (async () => {
    if (process.env.STRIPE_SECRET_ARN) {
      // In AWS there is no local test checkout: the secret must hold a real key and webhook secret.
      const secret = JSON.parse(await readSecret(process.env.STRIPE_SECRET_ARN)) as Record<string, string>;
      if (!secret.secret_key || !secret.webhook_secret) throw new ServiceUnavailableError(NOT_CONFIGURED);
      return { secretKey: secret.secret_key, webhookSecret: secret.webhook_secret, prices: { pro: secret.price_pro, elite: secret.price_elite } };
    }
    const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
    if (!webhookSecret) throw new ServiceUnavailableError(NOT_CONFIGURED);
    return {
      secretKey: process.env.STRIPE_SECRET_KEY || undefined,
      webhookSecret,
      prices: { pro: process.env.STRIPE_PRICE_PRO, elite: process.env.STRIPE_PRICE_ELITE },
    };
  })();
  // A secret filled in after deploy is picked up on the next call, not only after a cold start.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

let client: Promise<Stripe> | undefined;
/** The Stripe SDK client; a placeholder key when only webhooks are verified (local test checkout). */
export function stripe(): Promise<Stripe> {
  client ??= (async () => {
    const { default: StripeSdk } = await import('stripe');
    const { secretKey } = await billingConfig();
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined;
    return new StripeSdk(secretKey ?? 'sk_test_local_checkout_only', {
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
      ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  })();
  return client;
}

/** The plan a price belongs to, or undefined for a price this product does not sell. */
export async function planForPrice(priceId: string | undefined): Promise<PaidPlan | undefined> {
  const { prices } = await billingConfig();
  return (Object.keys(prices) as PaidPlan[]).find((plan) => prices[plan] && prices[plan] === priceId);
}

/**
 * The site users come back to after checkout or the customer portal: SITE_URL when configured,
 * else the Origin the browser sent (CloudFront does not forward the viewer's Host), else Host.
 */
export function siteUrl(headers: Record<string, string | undefined>): string {
  if (process.env.SITE_URL) return process.env.SITE_URL.replace(/\/$/, '');
  if (headers.origin && /^https?:\/\/[^/\s]+$/.test(headers.origin)) return headers.origin;
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost:3000';
  const proto = headers['x-forwarded-proto'] ?? (/^(localhost|127\.0\.0\.1)(:|$)/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

// ---- Customers --------------------------------------------------------------------------------

const customerClaim = (customerId: string) => ({ pk: `STRIPE_CUSTOMER#${customerId}`, sk: 'CUSTOMER' });

/** The user's Stripe customer, created once and reused (a claim item maps it back to the user). */
export async function customerFor(user: UserRecord & { stripe_customer_id?: string }): Promise<string> {
  if (user.stripe_customer_id) return user.stripe_customer_id;
  const sdk = await stripe();
  const customer = await sdk.customers.create(
    { email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), metadata: { user_id: user.id } },
    // Two checkouts started at once create one customer.
    { idempotencyKey: `customer-${user.id}` },
  );
  await linkCustomer(user.id, customer.id);
  return customer.id;
}

async function linkCustomer(userId: string, customerId: string): Promise<void> {
  try {
    await transact(
      [
        { Put: { TableName: TABLE, Item: { ...customerClaim(customerId), type: 'stripe_customer', user_id: userId } } },
        {
          Update: {
            TableName: TABLE,
            Key: userKeys.user(userId),
            UpdateExpression: 'SET stripe_customer_id = :c',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(stripe_customer_id) OR stripe_customer_id = :c)',
            ExpressionAttributeValues: { ':c': customerId },
          },
        },
      ],
      {},
    );
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
  }
}

export async function userIdForCustomer(customerId: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: customerClaim(customerId) }));
  return Item?.user_id as string | undefined;
}

// ---- Applying events --------------------------------------------------------------------------

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
const eventMarker = (eventId: string): Tx => ({
  Put: {
    TableName: TABLE,
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

/**
 * Applies a tier change at most once per event (the event marker is written in the same
 * transaction) and only as billingCondition allows. Returns 'applied', 'duplicate' or 'stale'
 * (older, or about a subscription that does not grant the tier).
 */
export async function applyTierChange(change: TierChange, retried = false): Promise<'applied' | 'duplicate' | 'stale'> {
  const fields: Record<string, unknown> = {
    access_tier: change.tier,
    billing_event_created: change.eventCreated,
    stripe_subscription_id: change.subscriptionId,
    subscription_status: change.subscriptionStatus,
  };
  if (change.customerId) fields.stripe_customer_id = change.customerId;
  const names = Object.keys(fields);
  const condition = billingCondition(change);
  try {
    await transact(
      [
        eventMarker(change.eventId),
        {
          Update: {
            TableName: TABLE,
            Key: userKeys.user(change.userId),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ConditionExpression: condition.expression,
            ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
            ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])), ...condition.values },
          },
        },
        ...(change.customerId
          ? [{ Put: { TableName: TABLE, Item: { ...customerClaim(change.customerId), type: 'stripe_customer', user_id: change.userId } } }]
          : []),
      ],
      {},
    );
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') {
      // A redelivery: the tier is applied, but the teams may have missed it if that delivery failed after the transaction.
      const user = await getUser(change.userId);
      if (user) await syncTeamTiers(user.id, user.access_tier);
      return 'duplicate';
    }
    if (codes?.[1] === 'ConditionalCheckFailed') {
      // Stale, another subscription's, or the user is gone: remember the event so a redelivery is not reconsidered.
      await transact([eventMarker(change.eventId)], {}).catch(() => {});
      return 'stale';
    }
    // A user item still near DynamoDB's 400 KB with PROFILE values of before (context.ts): move them off, then once more.
    if (!retried && (await moveLegacyProfileValuesOf(change.userId))) return applyTierChange(change, true);
    throw error;
  }
  // The teams the user created follow their plan (docs/product.md, "Teams").
  await syncTeamTiers(change.userId, change.tier);
  return 'applied';
}

// ---- Local test checkout sessions --------------------------------------------------------------

/** A short-lived, signed ticket for the local test checkout page: who pays for which plan. */
export function signLocalCheckout(secret: string, payload: { user_id: string; plan: PaidPlan | 'cancel'; exp: number }): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function verifyLocalCheckout(secret: string, ticket: string): { user_id: string; plan: PaidPlan | 'cancel'; exp: number } | null {
  const [body, mac] = ticket.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { user_id: string; plan: PaidPlan | 'cancel'; exp: number };
  return payload.exp > Date.now() / 1000 ? payload : null;
}
