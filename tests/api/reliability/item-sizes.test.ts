import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../../support/api';
import { db, TABLE, userItem } from '../../support/db';

/**
 * DynamoDB refuses an item past 400 KB, counted in UTF-8 bytes. PROFILE values used to live on
 * the user item, which every request reads: 50 values of 5,000 '€' (15,000 bytes each) are 750 KB,
 * so saves from the 28th value on, and then any write to the user item (directives, categories,
 * a paid checkout's webhook), answered a bare 500. Each value is now an item of its own, and values
 * still on a user item from before are moved off on the user's next request.
 */
const { itemBytes } = await import('../../../functions/lib/data/db');
const EURO_VALUE = '€'.repeat(5_000);
const sdk = new Stripe('sk_test_unused');

async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: inject('stripeWebhookSecret') });
  return call('POST', '/billing/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

const paidCheckout = (userId: string) => ({
  object: 'checkout.session',
  mode: 'subscription',
  payment_status: 'paid',
  client_reference_id: userId,
  customer: `cus_${userId.slice(0, 8)}`,
  subscription: `sub_${randomUUID()}`,
  metadata: { user_id: userId, plan: 'elite' },
});

const putValue = (token: string, key: string, value: string) => call('PUT', `/context/profile/${encodeURIComponent(key)}`, { token, json: { value } });

/** What the user's other writes need to keep working, checked after the profile values are in. */
async function everyUserWriteWorks(user: { id: string; token: string }) {
  const directives = { global_prompt_prefix: '€'.repeat(10_000), global_prompt_suffix: '€'.repeat(10_000) };
  const saved = await call('PUT', '/context/directives', { token: user.token, json: directives });
  expect(saved.status).toBe(200);
  expect((await call('GET', '/context/directives', { token: user.token })).body).toEqual(directives);
  expect((await call('POST', '/categories/', { token: user.token, json: { name: `Big ${randomUUID().slice(0, 8)}` } })).status).toBe(201);
  const webhook = await deliver('checkout.session.completed', paidCheckout(user.id));
  expect(webhook.status).toBe(200);
  expect(webhook.body.applied).toBe(true);
  expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe('elite');
}

describe('item sizes are counted in bytes', () => {
  it('counts multi-byte text in UTF-8 bytes, as DynamoDB does', () => {
    expect(itemBytes(EURO_VALUE)).toBe(15_000);
    expect(itemBytes('😀')).toBe(4);
    expect(itemBytes({ key: 'é' })).toBeGreaterThanOrEqual(3 + 2);
    // 50 such values on one item are far past the 400 KB limit.
    expect(itemBytes(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, EURO_VALUE])))).toBeGreaterThan(400 * 1024);
  });

  it('saves 50 profile values of 5,000 € each, refuses the 51st with a 400, and the user item stays small', async () => {
    const user = await signUp();
    for (let i = 0; i < 50; i++) {
      const reply = await putValue(user.token, `key ${i}`, EURO_VALUE);
      expect(reply.status, `value ${i}`).toBe(200);
    }

    const more = await putValue(user.token, 'one too many', 'x');
    expect(more.status).toBe(400);
    expect(more.body.detail).toBe('You can keep at most 50 profile values.');
    // An existing key can still change.
    expect((await putValue(user.token, 'key 0', `${EURO_VALUE.slice(1)}!`)).status).toBe(200);

    const values = (await call('GET', '/context/profile', { token: user.token })).body.values as Record<string, string>;
    expect(Object.keys(values)).toHaveLength(50);
    expect(values['key 49']).toBe(EURO_VALUE);
    expect(values['key 0']).toBe(`${EURO_VALUE.slice(1)}!`);
    const item = await userItem(user.id);
    expect(item?.profile_values).toBeUndefined();
    expect(item?.profile_values_used).toBe(50);
    expect(itemBytes(item)).toBeLessThan(2_000);

    await everyUserWriteWorks(user);
    expect(itemBytes(await userItem(user.id))).toBeLessThan(70_000);
  });

  it('keeps the count exact when new values race for the last places, and a forgotten value frees one', async () => {
    const user = await signUp();
    for (let i = 0; i < 45; i++) expect((await putValue(user.token, `k${i}`, 'v')).status).toBe(200);

    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => putValue(user.token, `race ${i}`, 'v')));

    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 400 && r.body.detail)).toBe(true);
    expect(Object.keys((await call('GET', '/context/profile', { token: user.token })).body.values)).toHaveLength(50);
    expect((await call('DELETE', '/context/profile/k0', { token: user.token })).status).toBe(204);
    expect((await call('DELETE', '/context/profile/k0', { token: user.token })).status).toBe(204);
    expect((await userItem(user.id))?.profile_values_used).toBe(49);
    expect((await putValue(user.token, 'after', 'v')).status).toBe(200);
  });
});

describe('profile values saved on the user item before', () => {
  /** Writes the user item as the former code left it: values in a map, the item near 400 KB. */
  async function legacyUser(headroom: number) {
    const user = await signUp();
    const item = (await userItem(user.id))!;
    const profile_values = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`old ${i}`, EURO_VALUE]));
    const legacy = { ...item, profile_values, global_prompt_prefix: '', global_prompt_suffix: '' };
    legacy.global_prompt_prefix = 'x'.repeat(400 * 1024 - headroom - itemBytes(legacy));
    await db.send(new PutCommand({ TableName: TABLE, Item: legacy }));
    return { ...user, values: profile_values };
  }

  it('moves them off the user item on the next request: nothing is lost and every write works again', async () => {
    const user = await legacyUser(200);

    const values = (await call('GET', '/context/profile', { token: user.token })).body.values;

    expect(values).toEqual(user.values);
    const item = await userItem(user.id);
    expect(item?.profile_values).toBeUndefined();
    expect(item?.profile_values_used).toBe(26);
    await everyUserWriteWorks(user);
    // The count carries on from the moved values.
    for (let i = 0; i < 24; i++) expect((await putValue(user.token, `new ${i}`, 'v')).status).toBe(200);
    expect((await putValue(user.token, 'one too many', 'v')).status).toBe(400);
    const exported = (await call('GET', '/account/export', { token: user.token })).body;
    expect(Object.keys(exported.profile_values)).toHaveLength(50);
    expect(exported.profile_values['old 3']).toBe(EURO_VALUE);
  });

  it("applies a paid checkout's webhook to a user item at the limit before the user is back", async () => {
    const user = await legacyUser(60);

    const webhook = await deliver('checkout.session.completed', paidCheckout(user.id));

    expect(webhook.status).toBe(200);
    expect(webhook.body.applied).toBe(true);
    expect((await userItem(user.id))?.access_tier).toBe('elite');
    expect((await call('GET', '/context/profile', { token: user.token })).body.values).toEqual(user.values);
  });
});
