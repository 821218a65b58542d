import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * A loopback server speaking the parts of Stripe's HTTP API that Construct calls (customers,
 * checkout sessions, billing portal sessions, subscription cancellation), so the real `stripe`
 * SDK runs end to end. `sub_missing` is a subscription Stripe does not know.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; form: URLSearchParams; authorization?: string; idempotencyKey?: string }[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  let customers = 0;
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      form,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/v1/customers') return json(200, { id: `cus_fake_${++customers}`, object: 'customer', email: form.get('email') });
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      if (form.get('line_items[0][price]') === 'price_broken') return json(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      return json(200, { id: 'cs_fake_1', object: 'checkout.session', mode: form.get('mode'), url: 'https://checkout.stripe.test/c/pay/cs_fake_1' });
    }
    const cancel = req.method === 'DELETE' ? /^\/v1\/subscriptions\/([\w-]+)$/.exec(req.url ?? '') : null;
    if (cancel) {
      if (cancel[1] === 'sub_missing')
        return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${cancel[1]}'` } });
      return json(200, { id: cancel[1], object: 'subscription', status: 'canceled' });
    }
    if (req.method === 'POST' && req.url === '/v1/billing_portal/sessions')
      return json(200, { id: 'bps_fake', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/fake' });
    json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
  });
  const { origin, close } = await listenOnLoopback(server);
  return { url: `${origin}`, requests, close };
}
