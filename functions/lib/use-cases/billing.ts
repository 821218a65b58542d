import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import type { PaidPlan } from '@shared/contract/billing';
import { linkCustomer, recordTierChange, type TierChange } from '../data/billing';
import { syncTeamTiers } from '../data/team';
import { getUser, type UserRecord } from '../data/users';
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

/** The key the SDK uses when none is configured (the local test checkout; the local stack's Stripe stand-in expects it). */
export const LOCAL_STRIPE_KEY = 'sk_test_local_checkout_only';

let client: Promise<Stripe> | undefined;
let clientFor: string | undefined;
/** The Stripe SDK client; a placeholder key when only webhooks are verified (local test checkout). */
export function stripe(): Promise<Stripe> {
  // Made again only if the API server changes (a second local stack in one process).
  if (clientFor !== process.env.STRIPE_API_BASE) client = undefined;
  clientFor = process.env.STRIPE_API_BASE;
  client ??= (async () => {
    const { default: StripeSdk } = await import('stripe');
    const { secretKey } = await billingConfig();
    const base = process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE) : undefined;
    return new StripeSdk(secretKey ?? LOCAL_STRIPE_KEY, {
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

// ---- Customers and events ----------------------------------------------------------------------

/** The user's Stripe customer, created once and reused (a claim item maps it back to the user: data/billing.ts). */
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

/**
 * Applies a tier change at most once per event and only as the user's billing state allows
 * (data/billing.ts `recordTierChange`), then brings the teams the user created in step with their
 * plan (docs/product.md, "Teams"). Returns 'applied', 'duplicate' or 'stale'.
 */
export async function applyTierChange(change: TierChange, retried = false): Promise<'applied' | 'duplicate' | 'stale'> {
  let outcome: 'applied' | 'duplicate' | 'stale';
  try {
    outcome = await recordTierChange(change);
  } catch (error) {
    // A user item still near DynamoDB's 400 KB with PROFILE values of before: move them off, then once more.
    if (!retried && (await moveLegacyProfileValuesOf(change.userId))) return applyTierChange(change, true);
    throw error;
  }
  if (outcome === 'duplicate') {
    // A redelivery: the tier is applied, but the teams may have missed it if that delivery failed after the transaction.
    const user = await getUser(change.userId);
    if (user) await syncTeamTiers(user.id, user.access_tier);
  }
  if (outcome === 'applied') await syncTeamTiers(change.userId, change.tier);
  return outcome;
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
