import type { RouteKey } from '../../routes';
import { CheckoutRequest, CheckoutResponse, PortalResponse, WebhookAck } from '../billing';
import type { RouteContract } from '../route-contract';

/** The contract of the Billing area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const BILLING_ROUTES = {
  'POST /billing/create-checkout-session': { summary: 'Start a Stripe Checkout for a paid plan', request: CheckoutRequest, response: CheckoutResponse },
  'POST /billing/portal-session': { summary: "Open Stripe's customer portal", response: PortalResponse },
  'POST /billing/webhook': { summary: 'Stripe events (Stripe-Signature verified; no bearer token)', response: WebhookAck },
} satisfies Partial<Record<RouteKey, RouteContract>>;
