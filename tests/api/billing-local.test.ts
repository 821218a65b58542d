import { describe, expect, inject, it } from 'vitest';
import { adminToken, call, signUp } from '../support/api';
import { userItem } from '../support/db';

/** The embedded default: no Stripe key, so checkout goes through the local test checkout page. */
const site = () => inject('baseUrl');

async function follow(url: string, action: string) {
  const ticket = new URL(url).searchParams.get('session')!;
  return fetch(`${site()}/local-checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: ticket, action }),
  });
}

describe('local test checkout', () => {
  it('shows the plan and price, and Pay upgrades the user through the signed webhook', async () => {
    const user = await signUp();
    const { body } = await call('POST', '/billing/create-checkout-session', { token: user.token, json: { plan: 'pro' } });
    expect(body.url).toMatch(/\/local-checkout\?session=/);

    const page = await (await fetch(body.url)).text();
    expect(page).toContain('Construct Pro');
    expect(page).toContain('$9');

    const paid = await follow(body.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/pricing?checkout=success');
    expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe('pro');

    const again = await call('POST', '/billing/create-checkout-session', { token: user.token, json: { plan: 'pro' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You are already on the Pro plan.');
  });

  it('Cancel changes nothing; Manage subscription can cancel a paid plan back to free', async () => {
    const user = await signUp();
    const { body } = await call('POST', '/billing/create-checkout-session', { token: user.token, json: { plan: 'elite' } });
    const cancelled = await follow(body.url, 'back');
    expect(cancelled.headers.get('location')).toBe('/pricing?checkout=cancelled');
    expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe('free');
    expect((await call('POST', '/billing/portal-session', { token: user.token })).body.detail).toBe('You have no subscription to manage.');

    await follow(body.url, 'pay');
    expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe('elite');
    const portal = await call('POST', '/billing/portal-session', { token: user.token });
    expect(portal.status).toBe(200);
    await follow(portal.body.url, 'cancel-subscription');
    expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe('free');
  });

  it('refuses a forged or expired ticket', async () => {
    const reply = await fetch(`${site()}/local-checkout?session=forged.ticket`);
    expect(reply.status).toBe(400);
    const paid = await fetch(`${site()}/local-checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'session=forged.ticket&action=pay',
    });
    expect(paid.headers.get('location')).toBe('/pricing?checkout=cancelled');
  });
});

/**
 * A newcomer who paid through the local test checkout can still leave: deleting the account (and
 * the admin's delete of such a user) cancels the local subscription through the same Stripe call
 * as in AWS, answered by the local stack's Stripe stand-in.
 */
describe('deleting an account paid through the local test checkout', () => {
  async function paidUser(plan: 'pro' | 'elite') {
    const user = await signUp();
    const { body } = await call('POST', '/billing/create-checkout-session', { token: user.token, json: { plan } });
    expect((await follow(body.url, 'pay')).headers.get('location')).toBe('/pricing?checkout=success');
    expect((await call('GET', '/auth/me', { token: user.token })).body.access_tier).toBe(plan);
    return user;
  }

  it('DELETE /account cancels the local subscription and deletes the account', async () => {
    const user = await paidUser('pro');
    const deleted = await call('DELETE', '/account', { token: user.token, json: { password: user.password } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect((await call('POST', '/auth/login', { form: { username: user.email, password: user.password } })).status).toBe(401);
    expect(await userItem(user.id)).toBeUndefined();
  });

  it("the admin's delete of such a user cancels it the same way", async () => {
    const user = await paidUser('elite');
    const deleted = await call('DELETE', `/admin/users/${user.id}`, { token: await adminToken() });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await userItem(user.id)).toBeUndefined();
  });

  it('after a cancel from Manage subscription, deleting asks nothing more of the stand-in', async () => {
    const user = await paidUser('pro');
    const portal = await call('POST', '/billing/portal-session', { token: user.token });
    await follow(portal.body.url, 'cancel-subscription');
    expect((await call('DELETE', '/account', { token: user.token, json: { password: user.password } })).status).toBe(204);
  });
});
