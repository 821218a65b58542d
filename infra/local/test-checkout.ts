import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLAN_PRICES } from '@shared/contract/billing';
import { API_BASE } from '@shared/routes';
import { SECURITY_HEADERS } from '../security-headers';

/**
 * The local test checkout, served by the local gateway when no STRIPE_SECRET_KEY is set: a page
 * with the plan, its price, Pay and Cancel. Pay sends a correctly signed Stripe event to the
 * real webhook route, so an upgrade on the embedded stack goes through the same code as in AWS.
 * A ticket with plan 'cancel' (from "Manage subscription") offers to cancel instead. The Stripe
 * API calls the server makes without a key (cancelling a subscription when an account is deleted)
 * are answered by the stand-in in stripe-stand-in.ts, which sends the same signed events.
 */
export const TEST_CHECKOUT_PATH = '/local-checkout';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Construct test checkout</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f3ff;color:#1b1633;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 10px 40px #2a1f6b22;padding:2rem;max-width:420px;width:calc(100% - 2rem)}
h1{font-size:1.4rem;margin:0 0 .25rem}.note{color:#4a4560;font-size:.9rem}.price{font-size:2.2rem;font-weight:700;margin:1rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;font:inherit;padding:.75rem;border-radius:10px;border:1px solid #4f3cc9;cursor:pointer}
.pay{background:#4f3cc9;color:#fff}.cancel{background:#fff;color:#4f3cc9}button:focus-visible{outline:3px solid #8f7cff;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

export interface Options {
  webhookSecret: string;
  /** Verifies the ticket the checkout call handed out (functions/lib/use-cases/billing.ts). */
  verify: (ticket: string) => { user_id: string; plan: 'pro' | 'elite' | 'cancel'; exp: number } | null;
  /** Signs a payload like Stripe does (stripe.webhooks.generateTestHeaderString). */
  sign: (payload: string) => Promise<string>;
  /** The gateway's own base URL, to deliver the event over HTTP. */
  selfUrl: () => string;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 10_000) break;
  }
  return new URLSearchParams(raw);
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end(html);
}

/** What the local checkout calls a user's customer and subscription at Stripe (one of each per user). */
export const localIds = (userId: string) => ({ customer: `cus_local_${userId.replace(/-/g, '')}`, subscription: `sub_local_${userId.replace(/-/g, '')}` });

const eventBase = () => ({ id: `evt_local_${randomUUID()}`, object: 'event', created: Math.floor(Date.now() / 1000) });

/** Stripe's event for a paid checkout of `plan`. */
function checkoutCompleted(userId: string, plan: string) {
  const { customer, subscription } = localIds(userId);
  return {
    ...eventBase(),
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_local_${randomUUID()}`,
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: userId,
        customer,
        subscription,
        metadata: { user_id: userId, plan },
        payment_status: 'paid',
        status: 'complete',
      },
    },
  };
}

/** Stripe's event for a subscription that ended (a cancel from the portal or the API). */
export function subscriptionDeleted(userId: string) {
  const { customer, subscription } = localIds(userId);
  return {
    ...eventBase(),
    type: 'customer.subscription.deleted',
    data: { object: { id: subscription, object: 'subscription', customer, status: 'canceled', metadata: { user_id: userId } } },
  };
}

/** Delivers an event to the real webhook route, signed as Stripe signs. */
export async function deliver(options: Pick<Options, 'sign' | 'selfUrl'>, event: { id: string }): Promise<Response> {
  const payload = JSON.stringify(event);
  return fetch(`${options.selfUrl()}${API_BASE}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': await options.sign(payload) },
    body: payload,
  });
}

/** Handles the test checkout's requests; returns false for any other path. */
export function testCheckout(options: Options) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== TEST_CHECKOUT_PATH) return false;
    if (req.method === 'GET') {
      const ticket = url.searchParams.get('session') ?? '';
      const session = options.verify(ticket);
      if (!session) {
        send(res, 400, page('Expired', '<h1>This checkout link has expired</h1><p class="note">Go back to <a href="/pricing">Pricing</a> and try again.</p>'));
        return true;
      }
      const form = (action: string, label: string, cls: string) =>
        `<form method="post" action="${TEST_CHECKOUT_PATH}"><input type="hidden" name="session" value="${escapeHtml(ticket)}"><input type="hidden" name="action" value="${action}"><button class="${cls}" type="submit">${label}</button></form>`;
      const body =
        session.plan === 'cancel'
          ? `<h1>Manage subscription</h1><p class="note">Test mode: no Stripe key is configured, so no real payment provider is involved.</p>
<div class="actions">${form('cancel-subscription', 'Cancel subscription', 'pay')}${form('back', 'Keep my plan', 'cancel')}</div>`
          : `<h1>Construct ${session.plan === 'pro' ? 'Pro' : 'Elite'}</h1><p class="note">Test checkout: no Stripe key is configured, so no card is charged.</p>
<p class="price">$${PLAN_PRICES[session.plan]}<span class="note">/mo</span></p>
<div class="actions">${form('pay', 'Pay', 'pay')}${form('back', 'Cancel', 'cancel')}</div>`;
      send(res, 200, page('Checkout', body));
      return true;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' });
      res.end();
      return true;
    }
    const form = await readForm(req);
    const session = options.verify(form.get('session') ?? '');
    const action = form.get('action');
    if (!session || action === 'back') {
      // Keeping a plan from "Manage subscription" returns like Stripe's portal does, without a notice.
      res.writeHead(303, { location: session?.plan === 'cancel' ? '/pricing' : '/pricing?checkout=cancelled' });
      res.end();
      return true;
    }
    const event = action === 'cancel-subscription' ? subscriptionDeleted(session.user_id) : checkoutCompleted(session.user_id, session.plan);
    const delivered = await deliver(options, event);
    if (!delivered.ok) {
      send(
        res,
        502,
        page(
          'Failed',
          `<h1>The payment could not be recorded</h1><p class="note">The webhook answered ${delivered.status}. <a href="/pricing">Back to Pricing</a></p>`,
        ),
      );
      return true;
    }
    res.writeHead(303, { location: `/pricing?checkout=${action === 'cancel-subscription' ? 'cancelled-subscription' : 'success'}` });
    res.end();
    return true;
  };
}
