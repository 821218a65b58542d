import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../support/api';
import { getItem, userItem } from '../support/db';

/** Webhook deliveries signed like Stripe signs them (the SDK's own test-header helper). */
const sdk = new Stripe('sk_test_unused');
const secret = () => inject('stripeWebhookSecret');

function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return { id: `evt_${randomUUID()}`, object: 'event', type, created, data: { object } };
}

async function deliver(event: object, sign: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: sign.secret ?? secret(), timestamp: sign.timestamp });
  return call('POST', '/billing/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

const completed = (userId: string, plan: string, created?: number) =>
  stripeEvent(
    'checkout.session.completed',
    {
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: userId,
      customer: `cus_${userId.slice(0, 8)}`,
      subscription: `sub_${userId.slice(0, 8)}`,
      metadata: { user_id: userId, plan },
    },
    created,
  );
const subscription = (type: string, userId: string, status: string, plan: string, created?: number) =>
  stripeEvent(
    type,
    {
      id: `sub_${userId.slice(0, 8)}`,
      object: 'subscription',
      customer: `cus_${userId.slice(0, 8)}`,
      status,
      metadata: { user_id: userId, plan },
      items: { data: [{ price: { id: 'price_unknown' } }] },
    },
    created,
  );

const tierOf = async (token: string) => (await call('GET', '/auth/me', { token })).body.access_tier;

describe('POST /billing/webhook', () => {
  it('sets the tier on checkout.session.completed, visible at once in limits and /auth/me', async () => {
    const user = await signUp();

    const reply = await deliver(completed(user.id, 'pro'));

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ received: true, applied: true });
    expect(await tierOf(user.token)).toBe('pro');
    for (let i = 0; i < 6; i++) expect((await call('POST', '/prompts/', { token: user.token, json: { title: `p${i}`, body: 'b' } })).status).toBe(201);
    expect((await userItem(user.id))?.stripe_customer_id).toBe(`cus_${user.id.slice(0, 8)}`);
  });

  it('rejects a wrong signature, a missing one and a stale timestamp with 400 and changes nothing', async () => {
    const user = await signUp();
    const event = completed(user.id, 'elite');

    const wrong = await deliver(event, { secret: 'whsec_not_the_secret' });
    const old = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const missing = await call('POST', '/billing/webhook', { json: event });

    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Invalid Stripe signature.');
    expect(old.status).toBe(400);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Missing Stripe-Signature header.');
    expect(await tierOf(user.token)).toBe('free');
  });

  it('applies each event once: a replay changes nothing twice', async () => {
    const user = await signUp();
    const upgrade = completed(user.id, 'elite');
    await deliver(upgrade);
    await deliver(subscription('customer.subscription.updated', user.id, 'canceled', 'elite'));
    expect(await tierOf(user.token)).toBe('free');

    const replay = await deliver(upgrade);

    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, applied: false });
    expect(await tierOf(user.token)).toBe('free');
  });

  it('never lets an older event overwrite a newer one', async () => {
    const user = await signUp();
    const now = Math.floor(Date.now() / 1000);
    await deliver(subscription('customer.subscription.updated', user.id, 'active', 'elite', now));

    const older = await deliver(completed(user.id, 'pro', now - 60));
    expect(older.body.applied).toBe(false);
    expect(await tierOf(user.token)).toBe('elite');

    await deliver(subscription('customer.subscription.deleted', user.id, 'canceled', 'elite', now + 10));
    await deliver(subscription('customer.subscription.updated', user.id, 'active', 'elite', now + 5));
    expect(await tierOf(user.token)).toBe('free');
  });

  it('follows the subscription: unpaid → free, past_due → unchanged, and finds the user by customer id', async () => {
    const user = await signUp();
    const now = Math.floor(Date.now() / 1000);
    await deliver(completed(user.id, 'pro', now));
    const byCustomer = (status: string, created: number) => {
      const event = subscription('customer.subscription.updated', user.id, status, 'pro', created);
      delete (event.data.object as { metadata?: unknown }).metadata;
      return event;
    };

    await deliver(byCustomer('past_due', now + 1));
    expect(await tierOf(user.token)).toBe('pro');
    await deliver(byCustomer('unpaid', now + 2));
    expect(await tierOf(user.token)).toBe('free');
  });

  it("moves the tier of the teams the user created with theirs (docs/product.md, 'Teams')", async () => {
    const user = await signUp();
    const now = Math.floor(Date.now() / 1000);
    await deliver(completed(user.id, 'elite', now));
    const team = (await call('POST', '/teams', { token: user.token, json: { name: 'Paid for' } })).body.id;
    expect((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.tier).toBe('elite');
    await deliver(subscription('customer.subscription.updated', user.id, 'unpaid', 'elite', now + 1));
    expect((await getItem({ pk: `TEAM#${team}`, sk: 'TEAM' }))?.tier).toBe('free');
  });

  it('acknowledges and ignores unknown event types', async () => {
    const reply = await deliver(stripeEvent('invoice.finalized', { id: 'in_1', object: 'invoice' }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ received: true, applied: false });
  });
});
