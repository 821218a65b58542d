import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { call, newAccount } from '../support/api';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { startOwnStack } from '../support/own-stack';

/**
 * Checkout through the real stripe SDK against a loopback fake of Stripe's HTTP API. This file
 * runs its own stack (its worker has STRIPE_* set; the shared stack runs the local test checkout).
 */
let fake: FakeStripe;
let stack: LocalStack;
let base: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_fake_key',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake_secret',
    STRIPE_PRICE_PRO: 'price_pro_monthly',
    STRIPE_PRICE_ELITE: 'price_broken',
    STRIPE_API_BASE: fake.url,
    SITE_URL: 'https://construct.example',
  });
  stack = await startOwnStack();
  base = `${stack.url}/api/v1`;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

async function user() {
  const account = newAccount();
  await call('POST', '/auth/register', { base, json: account });
  return (await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } })).body.access_token as string;
}

describe('POST /billing/create-checkout-session with Stripe', () => {
  it('creates a subscription-mode session for the plan price, tied to one reused customer', async () => {
    const token = await user();

    const first = await call('POST', '/billing/create-checkout-session', { base, token, json: { plan: 'pro' } });
    const second = await call('POST', '/billing/create-checkout-session', { base, token, json: { plan: 'pro' } });

    expect(first.status).toBe(200);
    expect(first.body).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_fake_1' });
    expect(second.status).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.authorization).toBe('Bearer sk_test_fake_key');
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('line_items[0][price]')).toBe('price_pro_monthly');
    expect(session.form.get('customer')).toBe('cus_fake_1');
    expect(session.form.get('metadata[plan]')).toBe('pro');
    expect(session.form.get('success_url')).toBe('https://construct.example/pricing?checkout=success');
    expect(session.form.get('cancel_url')).toBe('https://construct.example/pricing?checkout=cancelled');
  });

  it('answers 502 with a detail when Stripe refuses', async () => {
    const token = await user();
    const reply = await call('POST', '/billing/create-checkout-session', { base, token, json: { plan: 'elite' } });
    expect(reply.status).toBe(502);
    expect(reply.body.detail).toBe('The payment provider could not start checkout. Please try again.');
  });

  it.each([[{ plan: 'free' }], [{ plan: 'gold' }], [{}], [{ plan: 'pro', price: 'price_x' }]])('rejects %o with 400', async (json) => {
    const token = await user();
    const reply = await call('POST', '/billing/create-checkout-session', { base, token, json });
    expect(reply.status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/billing/create-checkout-session', { base, json: { plan: 'pro' } })).status).toBe(401);
  });
});

describe('DELETE /account with a live subscription', () => {
  it('cancels the subscription through Stripe, then deletes the account', async () => {
    const { UpdateItemCommand } = await import('@aws-sdk/client-dynamodb');
    const account = newAccount();
    const id = (await call('POST', '/auth/register', { base, json: account })).body.id as string;
    const token = (await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } })).body.access_token as string;
    // This file's own stack: the subscription a paid checkout would have recorded on the user.
    await stack.dynamo.client.send(
      new UpdateItemCommand({
        TableName: stack.tableName,
        Key: { pk: { S: `USER#${id}` }, sk: { S: 'PROFILE' } },
        UpdateExpression: 'SET stripe_subscription_id = :s, subscription_status = :a, access_tier = :t',
        ExpressionAttributeValues: { ':s': { S: 'sub_live_1' }, ':a': { S: 'active' }, ':t': { S: 'pro' } },
      }),
    );

    const deleted = await call('DELETE', '/account', { base, token, json: { password: account.password } });

    expect(deleted.status).toBe(204);
    const cancels = fake.requests.filter((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_live_1');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.authorization).toBe('Bearer sk_test_fake_key');
    expect((await call('POST', '/auth/login', { base, form: { username: account.email, password: account.password } })).status).toBe(401);
  });
});
