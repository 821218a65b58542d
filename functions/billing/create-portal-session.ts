import { BadGatewayError, BadRequestError } from '../lib/http/errors';
import { api, ok } from '../lib/http/http';
import { siteUrl } from '../lib/http/site';
import { billingConfig, signLocalCheckout, stripe } from '../lib/use-cases/billing';

/** POST /billing/portal-session → {url}: Stripe's customer portal, to change or cancel the plan. */
export const handler = api('POST /billing/portal-session', {}, async ({ user, event }) => {
  const customer = (user as typeof user & { stripe_customer_id?: string }).stripe_customer_id;
  if (!customer || user.access_tier === 'free') throw new BadRequestError('You have no subscription to manage.');
  const site = siteUrl(event.headers);
  const config = await billingConfig();
  if (!config.secretKey) {
    const ticket = signLocalCheckout(config.webhookSecret, { user_id: user.id, plan: 'cancel', exp: Math.floor(Date.now() / 1000) + 1800 });
    return ok({ url: `${site}/local-checkout?session=${ticket}` });
  }
  try {
    const session = await (await stripe()).billingPortal.sessions.create({ customer, return_url: `${site}/pricing` });
    return ok({ url: session.url });
  } catch (error) {
    if ((error as { type?: string }).type?.startsWith('Stripe'))
      throw new BadGatewayError('The payment provider could not open the billing portal. Please try again.');
    throw error;
  }
});
