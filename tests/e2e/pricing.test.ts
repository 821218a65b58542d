import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { holdRequests, useBrowser } from '../support/browser';
import { atPath, live, registerViaApi, see, signInWithToken, tokenFor } from '../support/e2e';

const browser = useBrowser();

const CHECKOUT_ROUTE = '**/api/v1/billing/create-checkout-session';
const SUCCESS = 'Payment received. Your plan is now active.';

/** The plan card (a list item holding an article named by the plan's heading). */
const card = (page: Page, name: 'Free' | 'Pro' | 'Elite') => page.getByRole('article', { name, exact: true });

async function signInAndOpenPricing(page: Page) {
  const user = await registerViaApi();
  await signInWithToken(page, await tokenFor(user));
  await page.goto('/pricing');
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  return user;
}

/** Goes from /pricing through the local test checkout's 'Pay' back to /pricing. */
async function payForPro(page: Page) {
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('heading', { name: 'Construct Pro' }).waitFor();
  await see(page, '$9');
  await page.getByRole('button', { name: 'Pay' }).click();
  await atPath(page, '/pricing');
  await see(page, SUCCESS);
}

async function isCurrent(page: Page, name: 'Free' | 'Pro' | 'Elite') {
  const button = card(page, name).getByRole('button', { name: 'Current plan' });
  return (await button.count()) === 1 && (await button.isDisabled());
}

/** Requests answered 5xx or aborted on purpose still log a browser line: drop just those. */
function forgiveExpectedNetworkErrors() {
  browser.errors = browser.errors.filter((line) => !/Failed to load resource: (the server responded with a status of 5\d\d|net::ERR_FAILED)/.test(line));
}

describe('pricing page', () => {
  it('shows the three plans, prices, features and the guarantee to a visitor', async () => {
    const { page } = browser;
    await page.goto('/pricing');
    await live(page);
    await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor();
    expect(await page.title()).toBe('Pricing · Construct');
    await see(page, 'PRICING PLANS');
    await see(page, /secure card checkout.*upgrade or cancel anytime/i);
    await see(page, 'All plans include 14-day money-back guarantee');

    const plans = {
      Free: {
        price: '$0/mo',
        button: 'Get Started',
        features: ['Access public prompts', 'Save favorites', 'Basic library browsing'],
        limits: ['5 prompts', '3 categories', '5 snippets', '20 runs a day'],
      },
      Pro: {
        price: '$9/mo',
        button: 'Upgrade to Pro',
        features: ['All Free features', 'Pro-only prompt library', 'Priority updates', 'Basic context snippets'],
        limits: ['50 prompts', '20 categories', '50 snippets', '500 runs a day'],
      },
      Elite: {
        price: '$15/mo',
        button: 'Upgrade to Elite',
        features: ['All Pro features', 'Elite-only prompt library', 'Advanced context engine', 'White-glove support'],
        limits: ['Unlimited prompts', 'Unlimited categories', 'Unlimited snippets', 'Unlimited runs a day'],
      },
    } as const;
    for (const [name, plan] of Object.entries(plans) as Array<[keyof typeof plans, (typeof plans)[keyof typeof plans]]>) {
      const planCard = card(page, name);
      await planCard.getByText(plan.price, { exact: true }).waitFor();
      const items = await planCard
        .getByRole('list', { name: `${name} plan features` })
        .getByRole('listitem')
        .allTextContents();
      expect(items.map((s) => s.trim())).toEqual(plan.features);
      // The concrete limits follow the plans' feature list (docs/product.md, Pricing).
      const limits = await planCard
        .getByRole('list', { name: `${name} plan limits` })
        .getByRole('listitem')
        .allTextContents();
      expect(limits).toEqual(plan.limits);
      expect(await planCard.getByRole('button', { name: plan.button, exact: true }).isEnabled()).toBe(name !== 'Free');
    }
    expect(await card(page, 'Pro').getByText('MOST POPULAR', { exact: true }).count()).toBe(1);
    expect(await page.getByText('MOST POPULAR').count()).toBe(1);
    expect(await page.getByText('Current plan').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    // A public page: the logo header, no top navigation bar.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  it("sends a visitor's checkout to sign in, then back to /pricing with Free marked current", async () => {
    const { page } = browser;
    const user = await registerViaApi();
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    // The message shows by the pressed button (on a phone the top of the page is out of sight).
    await card(page, 'Pro').getByRole('alert').filter({ hasText: 'Please sign in to continue.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Elite' }).isDisabled()).toBe(true);
    await atPath(page, '/login?return=/pricing');

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/pricing');
    await card(page, 'Free').getByText('Current plan', { exact: true }).first().waitFor();
    await expect.poll(() => isCurrent(page, 'Free')).toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).isEnabled()).toBe(true);
    // A free user has no subscription to manage.
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
  });

  it('upgrades a free user through the local test checkout; the sixth prompt is then allowed', async () => {
    const { page } = browser;
    await signInAndOpenPricing(page);
    await expect.poll(() => isCurrent(page, 'Free')).toBe(true);

    // Hold the call until the redirecting state has been seen.
    const checkout = await holdRequests(page, CHECKOUT_ROUTE);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const redirecting = page.getByRole('button', { name: 'Redirecting…' });
    await redirecting.waitFor();
    expect(await redirecting.isDisabled()).toBe(true);
    expect(await card(page, 'Pro').getByRole('button', { name: 'Redirecting…' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Upgrade to Elite' }).isDisabled()).toBe(true);
    checkout.release();

    // The local test checkout page (served by the gateway, not the SPA).
    await page.getByRole('heading', { name: 'Construct Pro' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/local-checkout');
    await see(page, '$9');
    await page.getByRole('button', { name: 'Pay' }).click();

    await atPath(page, '/pricing');
    await page.getByRole('status').filter({ hasText: SUCCESS }).waitFor();
    await expect.poll(() => isCurrent(page, 'Pro')).toBe(true);
    expect(await isCurrent(page, 'Free')).toBe(false);
    await card(page, 'Free').getByRole('button', { name: 'Get Started' }).waitFor();
    await page.getByRole('button', { name: 'Manage subscription' }).waitFor();
    await see(page, /You.re on the Pro plan/);

    const token = await page.evaluate(() => localStorage.getItem('construct.access_token'));
    const api = (path: string, init: RequestInit = {}) =>
      fetch(new URL(`/api/v1${path}`, page.url()), {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
      });
    expect(await (await api('/auth/me')).json()).toMatchObject({ access_tier: 'pro' });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await api('/prompts/', { method: 'POST', body: JSON.stringify({ title: `Prompt ${i}`, body: `Body ${i}` }) });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);

    // The new tier shows in the app at once (no reload): the Create button is not held at the free limit.
    await page.getByRole('link', { name: 'Go to My Prompts' }).click();
    await atPath(page, '/prompts');
    await page.getByRole('heading', { name: 'My Prompts' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Create New Prompt' }).first().isEnabled()).toBe(true);
  });

  it('shows the detail, a missing url and the fallbacks, and returns to idle after each failure', async () => {
    const { page } = browser;
    await signInAndOpenPricing(page);

    const answers: Array<{ respond: (route: Route) => Promise<void>; message: string }> = [
      {
        respond: (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'The payment provider is unavailable.' }) }),
        message: 'The payment provider is unavailable.',
      },
      { respond: (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }), message: 'Missing session URL' },
      { respond: (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }), message: 'Request failed with 502' },
      { respond: (route) => route.abort('failed'), message: 'Checkout failed' },
    ];
    for (const { respond, message } of answers) {
      await page.unroute(CHECKOUT_ROUTE);
      await page.route(CHECKOUT_ROUTE, respond);
      await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
      await card(page, 'Elite').getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe(message);
      // Back to idle: both buttons read and work as before.
      expect(await page.getByRole('button', { name: 'Upgrade to Elite' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).isEnabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Redirecting…' }).count()).toBe(0);
      await atPath(page, '/pricing');
    }

    forgiveExpectedNetworkErrors();
  });

  it('reads the token from the fallback keys access_token and token', async () => {
    const { page } = browser;
    const user = await registerViaApi();
    // A real token from the API, stored only under a fallback key: the session does not see it.
    await page.goto('/pricing');
    const token = await page.evaluate(async ({ email, password }) => {
      const res = await fetch('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password }).toString(),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    }, user);
    for (const key of ['access_token', 'token']) {
      await page.evaluate(
        ([k, t]) => {
          localStorage.clear();
          localStorage.setItem(k!, t!);
        },
        [key, token],
      );
      await page.goto('/pricing');
      const sent = new Promise<string | null>((resolve) => {
        void page.route(CHECKOUT_ROUTE, async (route) => {
          resolve(route.request().headers().authorization ?? null);
          await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
        });
      });
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      expect(await sent).toBe(`Bearer ${token}`);
      await page.getByRole('alert').filter({ hasText: 'Missing session URL' }).waitFor();
      await page.unroute(CHECKOUT_ROUTE);
    }
  });

  it('keeps checking after a return from checkout until the payment is recorded, then shows the new plan', async () => {
    const { page } = browser;
    await signInAndOpenPricing(page);
    // Stripe may deliver its event just after sending the browser back: the user is still Free.
    await page.goto('/pricing?checkout=success');
    await page.getByRole('status').filter({ hasText: 'Payment received. Activating your plan…' }).waitFor();
    await atPath(page, '/pricing');
    await expect.poll(() => isCurrent(page, 'Free')).toBe(true);

    const token = await page.evaluate(() => localStorage.getItem('construct.access_token'));
    const me = (await (await fetch(`${inject('apiUrl')}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: me.id,
          customer: `cus_${me.id.slice(0, 8)}`,
          subscription: `sub_${me.id.slice(0, 8)}`,
          metadata: { user_id: me.id, plan: 'elite' },
        },
      },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: inject('stripeWebhookSecret') });
    const delivered = await fetch(`${inject('apiUrl')}/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(delivered.status).toBe(200);

    // No reload: the page picks the new plan up by itself.
    await page.getByRole('status').filter({ hasText: SUCCESS }).waitFor();
    await expect.poll(() => isCurrent(page, 'Elite')).toBe(true);
    // An Elite subscriber looking at Pro is not upgrading.
    await card(page, 'Pro').getByRole('button', { name: 'Switch to Pro' }).waitFor();
  });

  it('shows the cancelled message when checkout is cancelled, and the user stays on Free', async () => {
    const { page } = browser;
    await signInAndOpenPricing(page);
    await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
    await page.getByRole('heading', { name: 'Construct Elite' }).waitFor();
    await see(page, '$15');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await atPath(page, '/pricing');
    await page.getByRole('status').filter({ hasText: 'Checkout was cancelled. You have not been charged.' }).waitFor();
    await expect.poll(() => isCurrent(page, 'Free')).toBe(true);
  });

  it("cancels a subscription through 'Manage subscription' and goes back to Free", async () => {
    const { page } = browser;
    await signInAndOpenPricing(page);
    await payForPro(page);
    await expect.poll(() => isCurrent(page, 'Pro')).toBe(true);

    // A subscriber changes plans in the portal: the API refuses a second checkout, and says why.
    await page.getByRole('button', { name: 'Upgrade to Elite' }).click();
    await page.getByRole('alert').filter({ hasText: 'You already have a subscription. Change or cancel it from Manage subscription.' }).waitFor();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.getByRole('heading', { name: 'Manage subscription' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();

    await atPath(page, '/pricing');
    await page.getByRole('status').filter({ hasText: 'Your subscription was cancelled.' }).waitFor();
    await expect.poll(() => isCurrent(page, 'Free')).toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
    await see(page, /You.re on the Free plan/);
  });
});
