import { describe, expect, inject, it } from 'vitest';
import { call, signUp } from '../support/api';

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
