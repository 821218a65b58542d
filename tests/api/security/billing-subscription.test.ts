import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../../support/api';
import { userItem } from '../../support/db';

/**
 * The tier follows the subscription the user pays with: only paid checkouts grant, another
 * subscription's events never move it while the user has a live one, and events of one second land
 * on the subscription's real state in any delivery order. Events are signed as Stripe signs them.
 */
const sdk = new Stripe('sk_test_unused');
const now = () => Math.floor(Date.now() / 1000);

async function deliver(type: string, object: Record<string, unknown>, created = now()) {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, created, data: { object } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: inject('stripeWebhookSecret') });
  const reply = await call('POST', '/billing/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(reply.status).toBe(200);
  return reply.body as { applied: boolean };
}

const session = (userId: string, sub: string, plan: string, payment_status: string) => ({
  object: 'checkout.session',
  mode: 'subscription',
  payment_status,
  client_reference_id: userId,
  customer: `cus_${userId.slice(0, 8)}`,
  subscription: sub,
  metadata: { user_id: userId, plan },
});
const subscription = (userId: string, sub: string, status: string, plan: string) => ({
  id: sub,
  object: 'subscription',
  customer: `cus_${userId.slice(0, 8)}`,
  status,
  metadata: { user_id: userId, plan },
  items: { data: [{ price: { id: 'price_unknown' } }] },
});
const tierOf = async (token: string) => (await call('GET', '/auth/me', { token })).body.access_tier;

describe('billing follows the paying subscription', () => {
  it('grants nothing for an unpaid checkout, and the plan once its delayed payment succeeds', async () => {
    const user = await signUp();
    const sub = `sub_${randomUUID()}`;

    expect((await deliver('checkout.session.completed', session(user.id, sub, 'elite', 'unpaid'))).applied).toBe(false);
    expect(await tierOf(user.token)).toBe('free');

    expect((await deliver('checkout.session.async_payment_succeeded', session(user.id, sub, 'elite', 'paid'))).applied).toBe(true);
    expect(await tierOf(user.token)).toBe('elite');
  });

  it('keeps a re-subscribed user on the new plan when the old, unpaid subscription is deleted', async () => {
    const user = await signUp();
    const [old, current] = [`sub_old_${randomUUID()}`, `sub_new_${randomUUID()}`];
    const t = now();
    await deliver('checkout.session.completed', session(user.id, old, 'pro', 'paid'), t - 100);
    await deliver('customer.subscription.updated', subscription(user.id, old, 'unpaid', 'pro'), t - 50);
    expect(await tierOf(user.token)).toBe('free');

    await deliver('checkout.session.completed', session(user.id, current, 'elite', 'paid'), t - 10);
    const deleted = await deliver('customer.subscription.deleted', subscription(user.id, old, 'canceled', 'pro'), t);
    const updated = await deliver('customer.subscription.updated', subscription(user.id, old, 'active', 'pro'), t + 1);

    expect([deleted.applied, updated.applied]).toEqual([false, false]);
    expect(await tierOf(user.token)).toBe('elite');
    expect((await userItem(user.id))?.stripe_subscription_id).toBe(current);
  });

  it.each([
    ['deleted first', ['customer.subscription.deleted', 'customer.subscription.updated']],
    ['updated first', ['customer.subscription.updated', 'customer.subscription.deleted']],
  ])('lands on canceled when an update and the deletion of one second arrive %s', async (_, order) => {
    const user = await signUp();
    const sub = `sub_${randomUUID()}`;
    const t = now();
    await deliver('checkout.session.completed', session(user.id, sub, 'pro', 'paid'), t - 5);

    for (const type of order) await deliver(type, subscription(user.id, sub, type.endsWith('deleted') ? 'canceled' : 'active', 'pro'), t);

    expect(await tierOf(user.token)).toBe('free');
    expect((await userItem(user.id))?.subscription_status).toBe('canceled');
  });

  it('answers 409 pointing to Manage subscription when a subscribed user opens another checkout', async () => {
    const user = await signUp();
    await deliver('checkout.session.completed', session(user.id, `sub_${randomUUID()}`, 'pro', 'paid'));

    const reply = await call('POST', '/billing/create-checkout-session', { token: user.token, json: { plan: 'elite' } });

    expect(reply.status).toBe(409);
    expect(reply.body.detail).toBe('You already have a subscription. Change or cancel it from Manage subscription.');
  });
});
