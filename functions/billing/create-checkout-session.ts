import { CheckoutRequest } from '@shared/contract/billing';
import { BadGatewayError, ConflictError, ServiceUnavailableError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { siteUrl } from '../lib/http/site';
import { billingConfig, customerFor, signLocalCheckout, stripe } from '../lib/use-cases/billing';

const PLAN_NAMES = { pro: 'Pro', elite: 'Elite' } as const;

/**
 * POST /billing/create-checkout-session {plan} → {url}: a Stripe Checkout session in subscription
 * mode for the plan's price, for the user's (reused) Stripe customer. Without a Stripe key the
 * url leads to the local test checkout instead.
 */
export const handler = api('POST /billing/create-checkout-session', { body: CheckoutRequest }, async ({ user, body, event }) => {
  const site = siteUrl(event.headers);
  const billing = user as typeof user & { stripe_subscription_id?: string; subscription_status?: string };
  if (user.access_tier === body.plan) throw new ConflictError(`You are already on the ${PLAN_NAMES[body.plan]} plan.`);
  if (billing.stripe_subscription_id && ['active', 'trialing', 'past_due'].includes(billing.subscription_status ?? '')) {
    throw new ConflictError('You already have a subscription. Change or cancel it from Manage subscription.');
  }
  const config = await billingConfig();
  if (!config.secretKey) {
    const ticket = signLocalCheckout(config.webhookSecret, { user_id: user.id, plan: body.plan, exp: Math.floor(Date.now() / 1000) + 1800 });
    return ok({ url: `${site}/local-checkout?session=${ticket}` });
  }
  const price = config.prices[body.plan];
  if (!price) throw new ServiceUnavailableError(`Checkout for the ${PLAN_NAMES[body.plan]} plan is not configured.`);
  try {
    const session = await (await stripe()).checkout.sessions.create({
      mode: 'subscription',
      customer: await customerFor(user),
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      metadata: { user_id: user.id, plan: body.plan },
      subscription_data: { metadata: { user_id: user.id, plan: body.plan } },
      success_url: `${site}/pricing?checkout=success`,
      cancel_url: `${site}/pricing?checkout=cancelled`,
    });
    if (!session.url) throw new BadGatewayError('The payment provider did not return a checkout page.');
    return ok({ url: session.url });
  } catch (error) {
    if ((error as { type?: string }).type?.startsWith('Stripe')) throw new BadGatewayError('The payment provider could not start checkout. Please try again.');
    throw error;
  }
});
