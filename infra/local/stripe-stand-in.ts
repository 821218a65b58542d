import { createServer } from 'node:http';
import { LOCAL_STRIPE_KEY } from '../../functions/lib/use-cases/billing';
import { deliver, localIds, type Options, subscriptionDeleted } from './test-checkout';

/**
 * The local stack's stand-in for the part of Stripe's HTTP API the server calls without a key:
 * cancelling a subscription the local test checkout made (account deletion, the admin's delete).
 * The billing code makes the same SDK call as in AWS (STRIPE_API_BASE points the SDK here); the
 * stand-in answers as Stripe does and, as Stripe does, sends the signed
 * `customer.subscription.deleted` event to the webhook. Loopback only; a subscription it did not
 * make is 'resource_missing', as at Stripe.
 */
export interface StripeStandIn {
  url: string;
  stop(): Promise<void>;
}

const SUBSCRIPTION = /^\/v1\/subscriptions\/sub_local_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;

export async function startStripeStandIn(options: Pick<Options, 'sign' | 'selfUrl'>): Promise<StripeStandIn> {
  const server = createServer(async (req, res) => {
    for await (const _ of req); // the form body of a cancel names nothing this stand-in needs
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${LOCAL_STRIPE_KEY}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const match = req.method === 'DELETE' ? SUBSCRIPTION.exec(req.url ?? '') : null;
    if (!match) {
      const missing = req.method === 'DELETE' && req.url?.startsWith('/v1/subscriptions/');
      return json(404, {
        error: missing
          ? { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription.' }
          : { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}). The local stand-in answers cancellations only.` },
      });
    }
    const userId = match.slice(1).join('-');
    const delivered = await deliver(options, subscriptionDeleted(userId)).catch((error: Error) => error);
    // Stripe cancels whether or not its event reaches the webhook; a failed delivery is only reported.
    if (delivered instanceof Error || !delivered.ok)
      console.warn(`Local Stripe stand-in: the cancellation event was not delivered (${delivered instanceof Error ? delivered.message : delivered.status}).`);
    const { customer, subscription } = localIds(userId);
    json(200, { id: subscription, object: 'subscription', customer, status: 'canceled', metadata: { user_id: userId } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
